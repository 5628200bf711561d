import type { ProfileType } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/subscription: the only way to change plans (DECISIONS "Plans"). */
export function changePlan(profileType: ProfileType): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/subscription", { profileType });
}

/** SPEC §7/§8: the page reloads on success; a failure is an alert. */
export function useChangePlanMutation() {
  return useMutation<SelfUser, Error, ProfileType>({
    mutationFn: changePlan,
    onSuccess: () => window.location.reload(),
    onError: () => window.alert("Failed to update subscription"),
  });
}
