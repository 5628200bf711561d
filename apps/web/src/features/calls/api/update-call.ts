import type { Call, UpdateCallInput } from "@kindred/shared/calls";
import { apiJson } from "@/lib/api";
import { callApiError, parseCall } from "./parse-call";

export type CallStatusChange = UpdateCallInput["status"];

/**
 * PATCH /api/calls/{id} {status}: answer (active), decline (rejected), cancel a ringing call
 * (cancelled) or hang up (completed). 409 means the call had already ended; 403 that only the
 * receiver may answer or decline. Times are the server's, so none are sent.
 */
export async function updateCall(callId: number, status: CallStatusChange): Promise<Call> {
  let body: unknown;
  try {
    body = await apiJson<unknown>("PATCH", `/api/calls/${callId}`, { status });
  } catch (error) {
    // The server's own sentence ("This call has already ended.") is the one to show.
    throw callApiError(error, (_status, text) => text);
  }
  return parseCall(body);
}
