import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function logout(): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("POST", "/api/logout");
}

export function useLogoutMutation(
  options: Omit<UseMutationOptions<{ ok: true }, Error, void>, "mutationFn">,
) {
  return useMutation({ ...options, mutationFn: logout });
}
