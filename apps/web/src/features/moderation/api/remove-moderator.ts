import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { moderatorsQueryKey } from "./get-moderators";

export function removeModerator(id: number): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("DELETE", `/api/moderation/moderators/${id}`);
}

/** DELETE /api/moderation/moderators/:id (admins): back to a member. */
export function useRemoveModeratorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderatorsQueryKey }),
  });
}
