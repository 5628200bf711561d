import type { ApiErrorBody } from "@kindred/shared/user";

/**
 * A refusal the person can act on: the status and the sentence they will read. Expected, so it carries
 * no stack trace: capturing one through Fastify's hooks cost more than the rest of a 401.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, "message"> = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }

  private serialized: string | undefined;

  /** The response body ({ message, ...extra }, the errorSchema shape), serialized once. */
  get body(): string {
    this.serialized ??= JSON.stringify({ message: this.message, ...this.extra });
    return this.serialized;
  }
}

export const notFound = (what = "Not found") => new HttpError(404, what);
