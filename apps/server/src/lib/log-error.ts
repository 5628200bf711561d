/**
 * How an error is written to the log. A failed database query is logged by its SQL text and its
 * SQLSTATE code only: its parameters carry session-token hashes, usernames and messages, and the
 * database's own message and detail quote them ('invalid input syntax for type integer: "…"',
 * 'Key (username)=(…) already exists'). Other errors keep their type, message, code and stack.
 */
interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  constraint?: unknown;
  severity?: unknown;
}

const isObject = (v: unknown): v is ErrorLike => typeof v === "object" && v !== null;

/** A failed query as Drizzle wraps it, or a driver's own error (pg and PGlite give a SQLSTATE and a severity). */
const isQueryError = (e: ErrorLike) => typeof e.query === "string" && Array.isArray(e.params);
const isDatabaseError = (e: ErrorLike) =>
  typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && "severity" in e;

/** The stack's frames without its first line, which repeats the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");

function describeDatabaseError(chain: ErrorLike[]): Record<string, unknown> {
  const query = chain.find(isQueryError);
  const database = chain.find(isDatabaseError);
  return {
    type: "DatabaseError",
    message: "database query failed",
    ...(typeof query?.query === "string" ? { query: query.query } : {}),
    ...(database ? { code: database.code } : {}),
    ...(typeof database?.constraint === "string" ? { constraint: database.constraint } : {}),
    stack: framesOf(chain[0]?.stack),
  };
}

export function errorForLog(err: unknown): unknown {
  if (!isObject(err)) return err;
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isObject(e) && chain.length < 10; e = e.cause) chain.push(e);
  if (chain.some((e) => isQueryError(e) || isDatabaseError(e))) return describeDatabaseError(chain);
  return {
    type: err.name ?? err.constructor?.name,
    message: err.message,
    ...(err.code !== undefined ? { code: err.code } : {}),
    stack: err.stack,
    ...(chain[1] ? { cause: errorForLog(chain[1]) } : {}),
  };
}
