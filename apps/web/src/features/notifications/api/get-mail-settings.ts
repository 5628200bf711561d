import type { MailSettings } from "@kindred/shared/mail";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** GET /api/notifications/mail: which kinds of mail I get. */
export const mailSettingsKey = ["/api/notifications/mail"] as const;

export function useMailSettingsQuery() {
  return useQuery<MailSettings, Error>({
    queryKey: mailSettingsKey,
    queryFn: () => apiJson<MailSettings>("GET", "/api/notifications/mail"),
  });
}
