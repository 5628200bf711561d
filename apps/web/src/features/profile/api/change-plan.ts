import type { ProfileType } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

/** POST /api/subscription: the only way to change plans (DECISIONS "Plans"). */
export function changePlan(profileType: ProfileType): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/subscription", { profileType });
}

/**
 * The server's answer is the user on their new plan: stored at once, and everything a plan limits (match
 * counts, calls left today) fetched again. A failure is SPEC §8's alert.
 */
export function useChangePlanMutation({ onChanged }: { onChanged: (user: SelfUser) => void }) {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, ProfileType>({
    mutationFn: changePlan,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      onChanged(user);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    },
    onError: () => window.alert("Failed to update subscription"),
  });
}
