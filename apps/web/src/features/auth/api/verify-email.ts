import type { verifyEmailResponseSchema } from "@kindred/shared/mail";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";
import { oncePerToken } from "../verify-once";

export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email: confirms the token's address; 400 LINK_EXPIRED. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiJson<VerifyEmailResponse>("POST", "/api/auth/verify-email", { token });
}

const verifyEmailOnce = oncePerToken(verifyEmail);

/** The answer to this page's token: asked once (even under StrictMode) and kept while the app runs. */
export function useVerifyEmailQuery(token: string) {
  return useQuery<VerifyEmailResponse, Error>({
    queryKey: ["verify-email", token],
    queryFn: () => verifyEmailOnce(token),
    enabled: token !== "",
    gcTime: Number.POSITIVE_INFINITY,
  });
}
