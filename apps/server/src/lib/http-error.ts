import type { ApiErrorBody } from "@kindred/shared/user";

/** A refusal the person can act on: the status and the sentence they will read. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, "message"> = {},
  ) {
    super(message);
  }

  private serialized: string | undefined;

  /** The response body ({ message, ...extra }, the errorSchema shape), serialized once. */
  get body(): string {
    this.serialized ??= JSON.stringify({ message: this.message, ...this.extra });
    return this.serialized;
  }
}

export const notFound = (what = "Not found") => new HttpError(404, what);
