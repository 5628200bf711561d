// PUT /api/profile and SPEC §8's "Profile update" copy. Here rather than in a feature because the profile
// page and the onboarding wizard both save the profile, and features do not import each other.

import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { apiJson, errorDetail } from "./api";

/** Any subset of the fields PUT /api/profile accepts; the server validates each one. */
export function updateProfile(changes: ProfileUpdateInput): Promise<SelfUser> {
  return apiJson<SelfUser>("PUT", "/api/profile", changes);
}

export const PROFILE_UPDATED_TOAST = {
  title: "Profile updated",
  description: "Your profile has been successfully updated.",
} as const;

/** What a failed profile save says: the server's words, or 'Unable to update profile'. */
export function profileUpdateError(error: unknown): string {
  return errorDetail(error, "Unable to update profile");
}

export function profileUpdateFailedToast(error: unknown) {
  return { title: "Update failed", description: profileUpdateError(error), variant: "destructive" } as const;
}
