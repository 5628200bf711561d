import type { Call } from "@kindred/shared/calls";
import { apiJson } from "@/lib/api";
import { CALL_ERRORS } from "../call-errors";
import { callApiError, parseCall } from "./parse-call";

/** GET /api/calls/{id}: the call as the server sees it (participants only). */
export async function getCall(callId: number): Promise<Call> {
  let body: unknown;
  try {
    body = await apiJson<unknown>("GET", `/api/calls/${callId}`);
  } catch (error) {
    throw callApiError(error, CALL_ERRORS.getCall);
  }
  return parseCall(body);
}
