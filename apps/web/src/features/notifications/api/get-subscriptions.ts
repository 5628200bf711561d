import type { PushSubscriptionInfo } from "@kindred/shared/notifications";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface PushSubscriptionList {
  subscriptions: PushSubscriptionInfo[];
}

/** GET /api/push/subscriptions: the endpoints the server pushes to for me (one per browser). */
export const pushSubscriptionsKey = ["/api/push/subscriptions"] as const;

export function usePushSubscriptionsQuery() {
  return useQuery<PushSubscriptionList, Error>({
    queryKey: pushSubscriptionsKey,
    queryFn: () => apiJson<PushSubscriptionList>("GET", "/api/push/subscriptions"),
  });
}
