import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

/** 'I understand': the notice leaves every page (the user is fetched again without it). */
export function useAcknowledgeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisionId: number) =>
      apiJson<{ ok: true }>("POST", `/api/moderation/notices/${decisionId}/acknowledge`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
