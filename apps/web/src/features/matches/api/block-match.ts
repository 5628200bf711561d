import type { BlockInput } from "@kindred/shared/matches";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { matchesQueryKey } from "@/lib/matches";

interface BlockVariables {
  matchId: number;
  input: BlockInput;
}

export function blockMatch({ matchId, input }: BlockVariables): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("POST", `/api/matches/${matchId}/block`, input);
}

/**
 * Callbacks go in `options`, not in mutate(): removing the match unmounts the card that asked, and
 * mutate()'s own callbacks do not run for an unmounted caller.
 */
export function useBlockMatchMutation(
  options: Omit<UseMutationOptions<{ ok: true }, Error, BlockVariables>, "mutationFn"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: blockMatch,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      const matchId = args[1].matchId;
      queryClient.setQueryData(matchesQueryKey, (list: { id: number }[] | undefined) =>
        list?.filter((m) => m.id !== matchId),
      );
      await queryClient.invalidateQueries({ queryKey: matchesQueryKey });
    },
  });
}
