import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino from "pino";
import { BufferedLogStream } from "./log-stream.ts";

const INFO = 30;
const MESSAGE = "request completed";
const symbols = pino.symbols as unknown as Record<string, symbol>;
/** A logger's bindings, formed once when it is made: `,"pid":…,"hostname":…` and a child's own. */
const BINDINGS = symbols.chindingsSym as symbol;

/** A pino logger's own property, by its symbol's name in pino.symbols; undefined on any other logger. */
function pinoPart<T>(log: object, name: string): T | undefined {
  return (log as Record<symbol, T | undefined>)[symbols[name] as symbol];
}

interface Stream {
  write(line: string): unknown;
  lastLevel?: number;
}

/** What the line is formed from: the logger's level and message pieces, its clock and its stream. */
interface Pieces {
  level: string;
  time: () => string;
  message: string;
  end: string;
  stream: Stream;
  /** The app's buffered stream reads each line's level (pino sets it before each write). */
  marksLevel: boolean;
}

/**
 * The access line, one per request: method, path, status and time, at info. pino forms a line by
 * walking the object it is given, key by key, through its serializers and formatters: 3 µs a line on
 * this host, a sixth of what a refused request costs in all. The fields here are always the same, so
 * the line is formed directly from the logger's own pieces (level, time, bindings, message key, end)
 * when pino would form it byte for byte the same; that is checked once, by having pino form a sample
 * line. A logger with a mixin, a message prefix, a hook, or a stream that wants each line's metadata
 * (other than the app's own buffered stream, which reads only the level) takes pino's way, as does
 * Fastify's no-op logger.
 */
export class AccessLog {
  private readonly pieces: Pieces | undefined;

  constructor(root: FastifyBaseLogger) {
    this.pieces = piecesOf(root);
  }

  /**
   * Writes the line through `log`: the app's logger with the request's id given, or a request's own
   * logger (Fastify's child of the app's, whose bindings already hold the id). The path is logged
   * without its query string, which can carry codes and tokens. The time is in milliseconds, to the
   * microsecond: a double's seventeen digits cost more to write than the rest.
   */
  write(
    log: FastifyBaseLogger,
    method: string,
    url: string,
    statusCode: number,
    responseTime: number,
    reqId?: string,
  ): void {
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const time = Math.round(responseTime * 1000) / 1000;
    const pieces = this.pieces;
    if (!pieces) {
      const fields = { method, url: path, statusCode, responseTime: time };
      log.info(reqId === undefined ? fields : { reqId, ...fields }, MESSAGE);
      return;
    }
    if (!(log as pino.Logger).isLevelEnabled("info")) return;
    if (pieces.marksLevel) pieces.stream.lastLevel = INFO;
    const bindings = (log as unknown as Record<symbol, string>)[BINDINGS] ?? "";
    pieces.stream.write(line(pieces, pieces.time.call(log), bindings, method, path, statusCode, time, reqId));
  }
}

/** What can need escaping in a JSON string: a quote, a backslash, a control character, a surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `value` as a JSON string, the same as JSON.stringify's: quoted as it is when nothing in it needs
 * escaping (as a rule, the paths, methods and ids the app logs), at about a third of JSON.stringify's
 * cost. Any surrogate, paired or not, takes JSON.stringify's way (it escapes a lone one).
 */
export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

function line(
  pieces: Pieces,
  time: string,
  bindings: string,
  method: string,
  url: string,
  statusCode: number,
  responseTime: number,
  reqId: string | undefined,
): string {
  const id = reqId === undefined ? "" : `,"reqId":${jsonString(reqId)}`;
  return (
    `${pieces.level}${time}${bindings}${id},"method":${jsonString(method)},"url":${jsonString(url)}` +
    `,"statusCode":${statusCode},"responseTime":${responseTime}${pieces.message}${pieces.end}`
  );
}

/** The logger's pieces, when pino, given the access line's fields, would write exactly what `line` forms. */
function piecesOf(log: FastifyBaseLogger): Pieces | undefined {
  const stream = pinoPart<Stream>(log, "streamSym");
  const time = pinoPart<() => string>(log, "timeSym");
  const asJson = pinoPart<(obj: object, msg: string, level: number, time: string) => string>(
    log,
    "asJsonSym",
  );
  const hooks = pinoPart<{ logMethod?: unknown; streamWrite?: unknown }>(log, "hooksSym");
  if (!stream || !time || !asJson || !hooks || hooks.logMethod || hooks.streamWrite) return undefined;
  if (pinoPart(log, "mixinSym") || pinoPart(log, "msgPrefixSym")) return undefined;
  const wantsMetadata = pinoPart<boolean>(stream, "needsMetadataGsym");
  if (wantsMetadata && !(stream instanceof BufferedLogStream)) return undefined;
  const pieces: Pieces = {
    level: pinoPart<Record<number, string>>(log, "lsCacheSym")?.[INFO] ?? "",
    time,
    message: `,${JSON.stringify(pinoPart<string>(log, "messageKeySym"))}:${JSON.stringify(MESSAGE)}`,
    end: pinoPart<string>(log, "endSym") ?? "",
    stream,
    marksLevel: wantsMetadata === true,
  };
  const at = ',"time":1';
  const sample = {
    reqId: "req-1z",
    method: "GET",
    url: '/api/a"b\\c/é',
    statusCode: 401,
    responseTime: 0.123,
  };
  const { reqId, method, url, statusCode, responseTime } = sample;
  const formed = line(
    pieces,
    at,
    pinoPart(log, "chindingsSym") ?? "",
    method,
    url,
    statusCode,
    responseTime,
    reqId,
  );
  return asJson.call(log, sample, MESSAGE, INFO, at) === formed ? pieces : undefined;
}

/**
 * One line per request at info, once it is answered: method, path (never the query string, which can
 * carry codes and tokens), status and time. Fastify's default writes two ("incoming request" and
 * "request completed"), which at info cost about as much as answering. Every other line Fastify writes
 * (a failed response, a stream error, a serializer failure) is its own, unchanged, and the errors
 * plugin logs unexpected errors as before.
 */
export class OneLinePerRequest extends LogController {
  /** Made at the first request, from the app's logger, which does not exist yet when this is made. */
  private accessLog: AccessLog | undefined;

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    this.accessLog ??= new AccessLog(request.server.log);
    this.accessLog.write(reply.log, request.method, request.url, reply.statusCode, reply.elapsedTime);
  }
}
