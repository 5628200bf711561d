import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** One scored candidate of POST /api/generate-matches (SPEC §3 "Match-generation result"). */
export interface ScoredCandidate {
  id: number;
  username: string;
  avatar: string | null;
  matchScore: number;
  gender: string | null;
  interestedGenders: string[] | null;
  age: number | null;
  location: string | null;
  /** Fractions 0–1. */
  compatibilityBreakdown: { personality: number; location: number; age: number };
}

export interface GenerationResult {
  matchResults: ScoredCandidate[];
  newMatches: unknown[];
}

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
