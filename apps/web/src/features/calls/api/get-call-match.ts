import { TIMERS } from "@kindred/shared/constants";
import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";
import { matchQueryKey } from "@/lib/matches";

/**
 * GET /api/matches/{id} for the call page, re-fetched every 5 s (SPEC §2). Same key as elsewhere, so
 * presence pushes patch it too.
 */
export function useCallMatchQuery(matchId: number) {
  return useQuery<Match, Error>({
    queryKey: matchQueryKey(matchId),
    enabled: Number.isInteger(matchId) && matchId > 0,
    refetchInterval: TIMERS.pollMs,
  });
}
