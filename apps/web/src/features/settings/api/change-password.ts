import type { changePasswordSchema } from "@kindred/shared/mail";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** PUT /api/user/password: 200; every other session of the account ends, this one stays. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiJson<unknown>("PUT", "/api/user/password", input);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
