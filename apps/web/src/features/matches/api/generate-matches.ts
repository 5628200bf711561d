import type { GenerateMatchesResponse } from "@kindred/shared/matching-api";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { matchesQueryKey } from "./get-matches";

type GenerationSummary = GenerateMatchesResponse;

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
