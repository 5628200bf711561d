import type { ProfileField } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** Any subset of the fields PUT /api/profile accepts; the server validates each one. */
export type ProfileSaveBody = Partial<Record<ProfileField, unknown>>;

/** PUT /api/profile: the wizard's partial save after each step, and the final completion. */
export function saveProfile(body: ProfileSaveBody): Promise<SelfUser> {
  return apiJson<SelfUser>("PUT", "/api/profile", body);
}

export function useSaveProfileMutation() {
  return useMutation<SelfUser, Error, ProfileSaveBody>({ mutationFn: saveProfile });
}
