import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/auth/verify-email/resend (signed in): 202 VERIFICATION_SENT, or 429 with a sentence. */
export function resendVerification(): Promise<{ message: string }> {
  return apiJson<{ message: string }>("POST", "/api/auth/verify-email/resend");
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
