import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { type Moderator, moderatorsQueryKey } from "./get-moderators";

export function addModerator(email: string): Promise<Moderator> {
  return apiJson<Moderator>("POST", "/api/moderation/moderators", { email });
}

/** POST /api/moderation/moderators (admins): 404 when no account has the address. */
export function useAddModeratorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderatorsQueryKey }),
  });
}
