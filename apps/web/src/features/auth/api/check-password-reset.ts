import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { isFinalAnswer } from "../link-errors";

/** POST /api/auth/password-reset/check: resolves while the link works, 400 LINK_EXPIRED once it doesn't. */
export async function checkPasswordReset(token: string): Promise<true> {
  await apiRequest("POST", "/api/auth/password-reset/check", { token });
  return true;
}

/** Asked once as the page opens: a spent link says so before anyone types a new password. */
export function usePasswordResetCheck(token: string) {
  return useQuery({
    queryKey: ["password-reset-check", token],
    queryFn: () => checkPasswordReset(token),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => !isFinalAnswer(error) && failures < 2,
  });
}
