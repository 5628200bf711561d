import { TIMERS } from "@kindred/shared/constants";
import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";
import { matchQueryKey } from "@/lib/matches";

/**
 * GET /api/matches/{id} for the conversation screen: the same key as the call page, so presence pushes
 * and a scheduled call update it too. SPEC §7: retried once, but not after a 4xx (a match that is not
 * yours stays not found). While chat is locked it is polled every 5 s, so the screen opens itself
 * when the unlocking call is counted.
 */
export function useConversationMatchQuery(matchId: number | null) {
  return useQuery<Match, Error>({
    queryKey: matchQueryKey(matchId),
    enabled: matchId !== null,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    refetchInterval: (query) => (query.state.data?.isChatUnlocked === false ? TIMERS.pollMs : false),
  });
}
