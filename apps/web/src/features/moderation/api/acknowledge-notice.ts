import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

export function acknowledgeNotice(decisionId: number): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("POST", `/api/moderation/notices/${decisionId}/acknowledge`);
}

/** 'I understand': the notice leaves every page once the user is read again without it. */
export function useAcknowledgeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
