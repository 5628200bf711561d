import type { GenerateMatchesResponse, MatchResult } from "@kindred/shared/matching-api";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export type ScoredCandidate = MatchResult;
export type GenerationResult = GenerateMatchesResponse;

export function runGeneration(): Promise<GenerationResult> {
  return apiJson<GenerationResult>("POST", "/api/generate-matches");
}

/** The debug run of generation; it may create matches, so the match list is refreshed after it. */
export function useRunGenerationMutation(
  options: Omit<UseMutationOptions<GenerationResult, Error, void>, "mutationFn"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: runGeneration,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ["/api/matches"] });
      await options.onSettled?.(...args);
    },
  });
}
