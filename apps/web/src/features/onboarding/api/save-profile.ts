import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation } from "@tanstack/react-query";
import { updateProfile } from "@/lib/profile-update";

/** PUT /api/profile: the wizard's partial save after each step, and the final completion. */
export function useSaveProfileMutation() {
  return useMutation<SelfUser, Error, ProfileUpdateInput>({ mutationFn: updateProfile });
}
