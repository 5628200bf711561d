import http from "node:http";
import type {
  FastifyBaseLogger,
  FastifyServerFactoryHandler,
  FastifyServerOptions,
  RouteOptions,
} from "fastify";
import { AccessLog } from "./request-log.ts";

/** A whole answer, which must match Fastify's for the same request byte for byte (tests compare them). */
export interface EarlyAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/**
 * A signed-in GET answered early: its answer from the request's Cookie and Accept-Encoding headers, or
 * undefined whenever Fastify's route must answer instead (no session known without the database, an
 * answer that would be compressed…).
 */
export type SignedInAnswer = (cookie: string, acceptEncoding: string | undefined) => EarlyAnswer | undefined;

/** What decides, per request, whether the app is in a state to answer normally. */
export interface EarlyState {
  log: FastifyBaseLogger;
  /** Shutting down or shedding load: such requests take the normal path, which answers 503. */
  busy(): boolean;
}

/**
 * The two requests the app gets most, answered before Fastify builds a request and a reply and runs
 * every plugin's hooks for them (which costs twice what node:http itself does):
 *
 * - a GET of an API route that needs a session, with no cookie at all (every scanner and logged-out
 *   tab): the auth hook's 401. Only when the path (the query aside) is exactly a static route under
 *   /api/ needing a session; an unknown path is Fastify's 404.
 * - a signed-in GET of a path given to `answerSignedIn` (GET /api/user: every page asks it), exactly
 *   that path with no query string, when its answer is known without waiting (the session cached).
 *
 * The status, headers, body and log line are the ones Fastify's path gives (tests hold them equal).
 * Neither is answered here while the app shuts down or sheds load; everything else goes to Fastify.
 */
export class EarlyAnswers {
  private readonly paths = new Set<string>();
  private readonly signedIn = new Map<string, SignedInAnswer>();
  private state: (EarlyState & { accessLog: AccessLog }) | undefined;
  private lastId = 0;

  constructor(private readonly signInFirst: EarlyAnswer) {}

  /** Fastify's request ids (genReqId), shared with the requests answered here, so none repeats. */
  readonly nextRequestId = () => `req-${(++this.lastId).toString(36)}`;

  /** An onRoute hook: notes the static GET routes under /api/ that need a session. */
  readonly noteRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url;
    const plain =
      !route.config?.public &&
      !route.logLevel &&
      !route.constraints &&
      !(route as { websocket?: boolean }).websocket;
    if (plain && methods.includes("GET") && path.startsWith("/api/") && /^[a-z0-9/_-]+$/i.test(path)) {
      this.paths.add(path);
    }
  };

  /** Answers a signed-in GET of `path` early whenever `answer` gives an answer. */
  answerSignedIn(path: string, answer: SignedInAnswer) {
    this.signedIn.set(path, answer);
  }

  /** Ready to answer: the app's logger and state exist once it is built. */
  attach(state: EarlyState) {
    this.state = { ...state, accessLog: new AccessLog(state.log) };
  }

  /**
   * Fastify's serverFactory: node:http with the early answers in front of Fastify's handler, and the
   * timeouts Fastify gives a server it makes itself (a factory's server gets none of them: the
   * keep-alive would fall from Fastify's 72 s, longer than a proxy's 60 s idle timeout, to Node's 5 s).
   */
  readonly serverFactory = (handler: FastifyServerFactoryHandler, options: FastifyServerOptions) => {
    const server = http.createServer((request, response) => {
      if (!this.answered(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  private answered(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const state = this.state;
    if (request.method !== "GET" || !state) return false;
    const started = performance.now();
    const url = request.url ?? "";
    const cookie = request.headers.cookie;
    let path = url;
    let answer: EarlyAnswer | undefined;
    if (cookie === undefined) {
      const query = url.indexOf("?");
      if (query !== -1) path = url.slice(0, query);
      if (!this.paths.has(path) || state.busy()) return false;
      answer = this.signInFirst;
    } else {
      const signedIn = this.signedIn.get(url);
      if (!signedIn || state.busy()) return false;
      try {
        answer = signedIn(cookie, request.headers["accept-encoding"]);
      } catch {
        return false; // a header it could not read: Fastify's path answers as it always has
      }
      if (!answer) return false;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    const elapsed = performance.now() - started;
    state.accessLog.write(state.log, "GET", path, answer.status, elapsed, this.nextRequestId());
    return true;
  }
}
