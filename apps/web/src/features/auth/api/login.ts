import type { LoginInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function login(input: LoginInput): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/login", input);
}

export function useLoginMutation(
  options: Omit<UseMutationOptions<SelfUser, Error, LoginInput>, "mutationFn">,
) {
  return useMutation({ ...options, mutationFn: login });
}
