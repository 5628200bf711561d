import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface AppealVariables {
  decisionId: number;
  text: string;
  /** The appeal link's token, for someone who cannot sign in. */
  token?: string;
}

/** POST /api/moderation/appeals: once per decision. */
export function useAppealMutation(
  options: Omit<UseMutationOptions<{ ok: true }, Error, AppealVariables>, "mutationFn"> = {},
) {
  return useMutation({
    ...options,
    mutationFn: (input: AppealVariables) => apiJson<{ ok: true }>("POST", "/api/moderation/appeals", input),
  });
}
