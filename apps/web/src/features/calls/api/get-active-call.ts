import type { Call } from "@kindred/shared/calls";
import { ApiError, apiJson } from "@/lib/api";
import { CALL_ERRORS } from "../call-errors";
import { callApiError, parseCall } from "./parse-call";

/** GET /api/calls/match/{matchId}/active: the match's pending or active call, or null when none (404). */
export async function getActiveCall(matchId: number): Promise<Call | null> {
  let body: unknown;
  try {
    body = await apiJson<unknown>("GET", `/api/calls/match/${matchId}/active`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw callApiError(error, CALL_ERRORS.getCall);
  }
  return parseCall(body);
}
