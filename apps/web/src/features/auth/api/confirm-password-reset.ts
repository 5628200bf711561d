import type { SelfUser } from "@kindred/shared/user";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/auth/password-reset/confirm: the self user and a session cookie, or 400 LINK_EXPIRED. */
export function confirmPasswordReset(input: { token: string; password: string }): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/auth/password-reset/confirm", input);
}

export function useConfirmPasswordResetMutation() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
