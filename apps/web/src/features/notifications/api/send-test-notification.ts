import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/push/test: a test notification to every browser I turned notifications on in (how many: queued). */
export function useSendTestNotificationMutation() {
  return useMutation<{ queued: number }, Error, void>({
    mutationFn: () => apiJson<{ queued: number }>("POST", "/api/push/test"),
  });
}
