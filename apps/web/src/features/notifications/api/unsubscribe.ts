import type { MailType } from "@kindred/shared/mail";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/mail/unsubscribe?token=…&type=… (no session needed): the server's sentence. */
export function unsubscribe(input: { token: string; type: MailType }): Promise<{ message: string }> {
  const query = new URLSearchParams({ token: input.token, type: input.type });
  return apiJson<{ message: string }>("POST", `/api/mail/unsubscribe?${query}`);
}

export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}
