import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** DELETE /api/user: removes the account and everything of it; the server ends the session. */
export function deleteAccount(): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("DELETE", "/api/user");
}

export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: deleteAccount,
    // A full page load drops every cached query along with the ended session.
    onSuccess: () => window.location.assign("/"),
  });
}
