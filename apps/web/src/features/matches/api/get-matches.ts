import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";
import { matchesQueryKey } from "@/lib/matches";

export function useMatchesQuery() {
  return useQuery<Match[], Error>({ queryKey: matchesQueryKey });
}
