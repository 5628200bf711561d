import type { messageSchema, passwordResetRequestSchema } from "@kindred/shared/mail";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";

export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset: 202 with the same sentence whether or not the address has an account. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<z.infer<typeof messageSchema>> {
  return apiJson("POST", "/api/auth/password-reset", input);
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
