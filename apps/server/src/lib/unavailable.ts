import { HttpError } from "./http-error.ts";

export const UNAVAILABLE_MESSAGE = "Kindred is temporarily unavailable. Please try again in a moment.";
/** Seconds a client is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

// SQLSTATE classes and codes that mean "the database cannot serve now", not "this request is wrong":
// connection exceptions (08), too many connections, admin or crash shutdown, cannot connect now, and a
// statement cancelled by statement_timeout.
const DATABASE_DOWN = /^(08...|53300|57P0[1-3]|57014)$/;
const NETWORK_DOWN = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);
const MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /connection terminated/i, // pg: the server went away mid-query
  /query read timeout/i, // pg: query_timeout
  /connection is closed/i, // ioredis
  /stream isn't writeable/i, // ioredis, offline queue disabled
  /^command timed out$/i, // ioredis: commandTimeout, a link that answers nothing
];

/**
 * Whether an error says PostgreSQL or Redis is unreachable (anywhere in its cause chain), so that the
 * request answers 503 with a Retry-After rather than 500: the request was fine, the service will be back.
 */
export function isUnavailable(err: unknown): boolean {
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 10; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (e.name === "MaxRetriesPerRequestError") return true; // ioredis gave up on a command
    if (NETWORK_DOWN.has(code) || DATABASE_DOWN.test(code)) return true;
    if (MESSAGES.some((m) => m.test(message))) return true;
    if (Array.isArray(e.errors) && e.errors.some(isUnavailable)) return true; // AggregateError (dual-stack connect)
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}

export const unavailable = () =>
  new HttpError(503, UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
