import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";

/** GET /api/matches through the default loader; every change to a match refreshes this key. */
export const matchesQueryKey = ["/api/matches"] as const;

export function useMatchesQuery() {
  return useQuery<Match[], Error>({ queryKey: matchesQueryKey });
}
