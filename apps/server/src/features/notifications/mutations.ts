import type { MailSettings } from "@kindred/shared/mail";
import {
  MAX_PUSH_SUBSCRIPTIONS,
  type NotificationSettings,
  type PushSubscriptionInput,
} from "@kindred/shared/notifications";
import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import {
  notificationSettings,
  type PushSubscriptionRow,
  pushKeys,
  pushSubscriptions,
} from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";

/** Keeps the first key pair any instance offers (id 1); the caller then reads the one that won. */
export async function offerPushKeys(db: Executor, keys: { publicKey: string; privateKey: string }) {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/**
 * Registers a browser's subscription for this person. An endpoint of another account moves here: its
 * old row goes, and with it (cascade) any push still queued for the other account. Past the cap, the
 * oldest subscriptions go. The person's row is locked so two subscribes at once keep the cap.
 */
export async function subscribe(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, userId)));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
      })
      .returning();
    if (!row) throw new Error("upsert returned no row");
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return row;
  });
}

/** Removes one of this person's subscriptions; false when the endpoint is not theirs (or unknown). */
export async function unsubscribe(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function saveSettings(db: Executor, userId: number, s: NotificationSettings): Promise<void> {
  const values = {
    calls: s.calls,
    reminders: s.reminders,
    messages: s.messages,
    news: s.news,
    hideNames: s.hideNames,
    quietStart: s.quietHours?.start ?? null,
    quietEnd: s.quietHours?.end ?? null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** Which notification mails a person wants; the push settings of the row are left as they are. */
export async function saveMailSettings(db: Executor, userId: number, s: MailSettings): Promise<void> {
  const values = {
    mailCalls: s.calls,
    mailReminders: s.reminders,
    mailMessages: s.messages,
    mailNews: s.news,
    updatedAt: sql`now()`,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
