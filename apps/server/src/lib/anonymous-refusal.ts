import http from "node:http";
import type {
  FastifyBaseLogger,
  FastifyServerFactoryHandler,
  FastifyServerOptions,
  RouteOptions,
} from "fastify";
import { AccessLog } from "./request-log.ts";

/** What the refusal must match, byte for byte, on the path through Fastify (the test compares them). */
export interface RefusalAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** What decides, per request, whether the app is in a state to answer normally. */
export interface RefusalState {
  log: FastifyBaseLogger;
  /** Shutting down or shedding load: such requests take the normal path, which answers 503. */
  busy(): boolean;
}

/**
 * The one request every scanner and every logged-out tab sends most: a GET of an API route that needs a
 * session, with no cookie at all. The auth hook refuses it (401) before any handler runs; this answers
 * it the same way before Fastify builds a request and a reply and runs every plugin's hooks for it,
 * which cost twice what node:http itself does. The status, headers, body and log line are the ones
 * the auth hook's answer has (a test holds them equal).
 *
 * Only what cannot differ is answered here: GET, no Cookie header (so no session and no signed-in hint
 * to clear), a path (the query aside) that is exactly a static route under /api/ needing a session
 * (an unknown path is Fastify's 404), and the app neither shutting down nor shedding load. Everything
 * else goes to Fastify as before.
 */
export class AnonymousRefusal {
  private readonly paths = new Set<string>();
  private state: (RefusalState & { accessLog: AccessLog }) | undefined;
  private lastId = 0;

  constructor(private readonly answer: RefusalAnswer) {}

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

  /** Ready to answer: the app's logger and state exist once it is built. */
  attach(state: RefusalState) {
    this.state = { ...state, accessLog: new AccessLog(state.log) };
  }

  /**
   * Fastify's serverFactory: node:http with the refusal in front of Fastify's handler, and the timeouts
   * Fastify gives a server it makes itself (a factory's server gets none of them: the keep-alive would
   * fall from Fastify's 72 s, longer than a proxy's 60 s idle timeout, to Node's 5 s).
   */
  readonly serverFactory = (handler: FastifyServerFactoryHandler, options: FastifyServerOptions) => {
    const server = http.createServer((request, response) => {
      if (!this.refused(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  private refused(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const state = this.state;
    if (request.method !== "GET" || request.headers.cookie !== undefined || !state) return false;
    const url = request.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!this.paths.has(path) || state.busy()) return false;
    const started = performance.now();
    response.writeHead(this.answer.status, this.answer.headers);
    response.end(this.answer.body);
    state.accessLog.write(
      state.log,
      "GET",
      path,
      this.answer.status,
      performance.now() - started,
      this.nextRequestId(),
    );
    return true;
  }
}
