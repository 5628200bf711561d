// The match list's cache key and POST /api/generate-matches. Here rather than in the matches feature because
// the debug page, chat, calls and the status socket use them too, and features do not import each other.

import type { GenerateMatchesResponse } from "@kindred/shared/matching-api";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./api";

/** GET /api/matches through the default loader; every change to a match refreshes this key. */
export const matchesQueryKey = ["/api/matches"] as const;

/** GET /api/matches/{id}: under the list's key, so that presence pushes (which patch every query under it) reach it. */
export const matchQueryKey = (matchId: number | null) => [...matchesQueryKey, matchId] as const;

export function generateMatches(): Promise<GenerateMatchesResponse> {
  return apiJson<GenerateMatchesResponse>("POST", "/api/generate-matches");
}

/** Generation may create matches, so the match list is refreshed after it, whatever the outcome. */
export function useGenerateMatchesMutation(
  options: Omit<UseMutationOptions<GenerateMatchesResponse, Error, void>, "mutationFn"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: generateMatches,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: matchesQueryKey });
      await options.onSettled?.(...args);
    },
  });
}
