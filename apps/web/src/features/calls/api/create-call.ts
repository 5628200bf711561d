import type { Call } from "@kindred/shared/calls";
import { ApiError, apiJson } from "@/lib/api";
import { CALL_ERRORS } from "../call-errors";
import { CallApiError, callApiError, parseCall } from "./parse-call";

/**
 * POST /api/calls {matchId}: a new pending call (201), or the match's live call (200) to join.
 * Past the plan's calls per day the server's own sentence (429) is what the person needs to read.
 */
export async function createCall(matchId: number): Promise<Call> {
  let body: unknown;
  try {
    body = await apiJson<unknown>("POST", "/api/calls", { matchId });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      throw new CallApiError(429, error.detail, error.detail);
    }
    throw callApiError(error, CALL_ERRORS.createCall);
  }
  return parseCall(body);
}
