import type { ProfileField } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson, errorDetail } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

export type ProfileChanges = Partial<Record<ProfileField, unknown>>;

/** PUT /api/profile from the profile page (e.g. a new avatar). */
export function updateProfile(changes: ProfileChanges): Promise<SelfUser> {
  return apiJson<SelfUser>("PUT", "/api/profile", changes);
}

/** Replaces the current user on success and shows SPEC §8's profile update toasts. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, ProfileChanges>({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: "Profile updated", description: "Your profile has been successfully updated." });
    },
    onError: (err) => {
      toast({
        title: "Update failed",
        description: errorDetail(err, "Unable to update profile"),
        variant: "destructive",
      });
    },
  });
}
