import { DEFAULT_MAIL_SETTINGS, type MailSettings } from "@kindred/shared/mail";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@kindred/shared/notifications";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { notificationSettings, pushKeys, pushSubscriptions } from "../../db/schema/push.ts";

/** A person's subscriptions, oldest first. */
export function subscriptionsOf(db: Executor, userId: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** What a person wants pushed; the defaults when they never said. */
export async function settingsOf(db: Executor, userId: number): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    calls: row.calls,
    reminders: row.reminders,
    messages: row.messages,
    news: row.news,
    hideNames: row.hideNames,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

/** Which notification mails a person wants; the defaults when they never said. */
export async function mailSettingsOf(db: Executor, userId: number): Promise<MailSettings> {
  const [row] = await db
    .select({
      calls: notificationSettings.mailCalls,
      reminders: notificationSettings.mailReminders,
      messages: notificationSettings.mailMessages,
      news: notificationSettings.mailNews,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULT_MAIL_SETTINGS;
}

/** The VAPID key pair kept in the database, if one was made. */
export async function storedPushKeys(db: Executor) {
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return row ? { publicKey: row.publicKey, privateKey: row.privateKey } : null;
}
