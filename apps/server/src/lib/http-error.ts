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
}

export const notFound = (what = "Not found") => new HttpError(404, what);
