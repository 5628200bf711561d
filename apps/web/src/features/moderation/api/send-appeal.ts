import type { appealInputSchema } from "@kindred/shared/moderation";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";

/** The token is the appeal link's, for someone who cannot sign in; a signed-in member sends none. */
export type AppealInput = z.input<typeof appealInputSchema>;

export function sendAppeal(input: AppealInput): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("POST", "/api/moderation/appeals", input);
}

/** POST /api/moderation/appeals: once per decision (409 after). */
export function useAppealMutation(
  options: Omit<UseMutationOptions<{ ok: true }, Error, AppealInput>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: sendAppeal });
}
