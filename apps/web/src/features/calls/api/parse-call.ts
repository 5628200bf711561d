import type { Call } from "@kindred/shared/calls";
import { ApiError } from "@/lib/api";
import { CALL_ERRORS } from "../call-errors";

/**
 * A Call from an answer body, or the SPEC §8 error when the body is not one. The schemas load with the
 * first answer: a page's call manager waits for calls without them.
 */
export async function parseCall(body: unknown): Promise<Call> {
  const { callSchema } = await import("@kindred/shared/calls");
  const parsed = callSchema.safeParse(body);
  if (!parsed.success) throw new Error(CALL_ERRORS.invalidCall);
  return parsed.data;
}

/** An HTTP failure as a person reads it: "{prefix} {status} {text}" (SPEC §8). */
export function callApiError(error: unknown, make: (status: number, text: string) => string): Error {
  if (error instanceof ApiError)
    return new CallApiError(error.status, make(error.status, error.text), error.detail);
  return error instanceof Error ? error : new Error(String(error));
}

/** Keeps the status, so callers can tell "already ended" (409) from a real failure. */
export class CallApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = "CallApiError";
  }
}
