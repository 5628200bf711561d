import type { DeleteAccountInput } from "@kindred/shared/account";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** DELETE /api/user with the password (or 'DELETE'): removes the account; the server ends the session. */
export function deleteAccount(input: DeleteAccountInput): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("DELETE", "/api/user", input);
}

export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: deleteAccount,
    // A full page load drops every cached query along with the ended session.
    onSuccess: () => window.location.assign("/goodbye"),
  });
}
