import type { Decision, DecisionInput, ModerationCase } from "@kindred/shared/moderation";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queueQueryKey } from "./get-queue";

export function decide(input: DecisionInput): Promise<Decision> {
  return apiJson<Decision>("POST", "/api/moderation/decisions", input);
}

/**
 * POST /api/moderation/decisions. The case leaves the list at once on success; the queue is read again
 * either way, since a 409 means another moderator decided first. Callbacks go in `options`: the case's
 * card unmounts as it leaves, and mutate()'s own callbacks do not run for an unmounted caller.
 */
export function useDecideMutation(
  options: Omit<UseMutationOptions<Decision, Error, DecisionInput>, "mutationFn" | "onSettled"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: decide,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      const decided = args[0].userId;
      queryClient.setQueryData<ModerationCase[]>(queueQueryKey, (cases) =>
        cases?.filter((c) => c.user.id !== decided),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueQueryKey }),
  });
}
