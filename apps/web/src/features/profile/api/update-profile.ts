import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { userQueryKey } from "@/lib/auth";
import { PROFILE_UPDATED_TOAST, profileUpdateFailedToast, updateProfile } from "@/lib/profile-update";

/** PUT /api/profile from the profile page (e.g. a new avatar): replaces the current user, SPEC §8's toasts. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, ProfileUpdateInput>({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast(PROFILE_UPDATED_TOAST);
    },
    onError: (err) => toast(profileUpdateFailedToast(err)),
  });
}
