import type { unmatchResultSchema } from "@kindred/shared/matches";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";
import { matchesQueryKey } from "@/lib/matches";

export type UnmatchResult = z.infer<typeof unmatchResultSchema>;

export function unmatch(matchId: number): Promise<UnmatchResult> {
  return apiJson<UnmatchResult>("POST", `/api/matches/${matchId}/unmatch`);
}

/** Callbacks go in `options` (see block-match.ts): a successful unmatch unmounts the card. */
export function useUnmatchMutation(
  options: Omit<UseMutationOptions<UnmatchResult, Error, number>, "mutationFn"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: unmatch,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      const [result, matchId] = args;
      if (!result.ok) return;
      queryClient.setQueryData(matchesQueryKey, (list: { id: number }[] | undefined) =>
        list?.filter((m) => m.id !== matchId),
      );
      await queryClient.invalidateQueries({ queryKey: matchesQueryKey });
    },
  });
}
