import type { RegisterInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function register(input: RegisterInput): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/register", input);
}

export function useRegisterMutation(
  options: Omit<UseMutationOptions<SelfUser, Error, RegisterInput>, "mutationFn">,
) {
  return useMutation({ ...options, mutationFn: register });
}
