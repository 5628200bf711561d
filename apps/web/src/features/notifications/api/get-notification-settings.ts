import type { NotificationSettings } from "@kindred/shared/notifications";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** GET /api/notifications/settings: which kinds of push I get, hidden names, quiet hours. */
export const notificationSettingsKey = ["/api/notifications/settings"] as const;

export function useNotificationSettingsQuery() {
  return useQuery<NotificationSettings, Error>({
    queryKey: notificationSettingsKey,
    queryFn: () => apiJson<NotificationSettings>("GET", "/api/notifications/settings"),
  });
}
