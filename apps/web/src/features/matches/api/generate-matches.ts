import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { matchesQueryKey } from "./get-matches";

/** What this feature reads of POST /api/generate-matches: how many matches were made. */
export interface GenerationSummary {
  matchResults: unknown[];
  newMatches: unknown[];
}

export function generateMatches(): Promise<GenerationSummary> {
  return apiJson<GenerationSummary>("POST", "/api/generate-matches");
}

export function useGenerateMatchesMutation(
  options: Omit<UseMutationOptions<GenerationSummary, Error, void>, "mutationFn"> = {},
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
