import type { changeEmailSchema } from "@kindred/shared/mail";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";

export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** PUT /api/user/email: 202; a link goes to the new address, which becomes the account's once opened. */
export function changeEmail(input: ChangeEmailInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>("PUT", "/api/user/email", input);
}

export function useChangeEmailMutation() {
  return useMutation({ mutationFn: changeEmail });
}
