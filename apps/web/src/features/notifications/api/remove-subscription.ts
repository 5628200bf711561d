import { apiRequest } from "@/lib/api";

/** DELETE /api/push/subscriptions: the server stops pushing to this endpoint. */
export async function removeSubscription(endpoint: string): Promise<void> {
  await apiRequest("DELETE", "/api/push/subscriptions", { endpoint });
}
