import { apiRequest } from "@/lib/api";

// No zod here: the app start re-posts through this file (use-push-resync), and zod stays out of the
// entry chunk.

/** POST /api/push/subscriptions: this browser's PushSubscription.toJSON(), stored (or refreshed) for me. */
export async function addSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiRequest("POST", "/api/push/subscriptions", subscription);
}
