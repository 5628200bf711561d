import { TIME_ZONE } from "@kindred/shared/constants";
import type { NotificationType, PushPayload } from "@kindred/shared/notifications";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { notificationSettings, pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";

/** A push decided for one person; `notify` writes it to the outbox once per subscription of theirs. */
export interface PushNotice {
  userId: number;
  /** The toggle that governs it; "test" is always sent. */
  type: NotificationType | "test";
  kind: PushPayload["kind"];
  /** Deciding twice (two instances' scans, a retry) writes it once: unique per subscription. */
  dedupeKey: string;
  /** With names ('bob is calling'), and without, for 'Hide names in notifications'. */
  title: string;
  anonymousTitle: string;
  tag: string;
  url: string;
  callId?: number;
  matchId?: number;
  ringUntil?: number;
  ttlSeconds: number;
  urgency: "normal" | "high";
  /** RFC 8030 Topic (≤ 32 URL-safe base64 characters, e.g. 'call-42'). */
  topic?: string;
  /** Pushed in quiet hours too (a call in a scheduled slot, its reminder). */
  evenInQuietHours?: boolean;
}

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  hour: "2-digit",
  minute: "2-digit",
});

/** Whether `now`, on London's clock, falls within start..end ('HH:MM'; a span may cross midnight). */
export function inQuietHours(start: string | null, end: string | null, now: Date): boolean {
  if (!start || !end || start === end) return false;
  const clock = londonClock.format(now);
  return start < end ? clock >= start && clock < end : clock >= start || clock < end;
}

/**
 * Decides a push: one outbox row per subscription of the person, none when they turned its type off or
 * it is their quiet hours. Pass the transaction of its cause where there is one, so the decision
 * commits with it. Returns how many rows it wrote; the caller then asks the sender to go (`app.push.kick()`).
 */
export async function notify(db: Executor, notice: PushNotice, now: Date): Promise<number> {
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, notice.userId));
  if (notice.type !== "test") {
    if (settings && !settings[notice.type]) return 0;
    if (
      !notice.evenInQuietHours &&
      inQuietHours(settings?.quietStart ?? null, settings?.quietEnd ?? null, now)
    )
      return 0;
  }
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId));
  if (subscriptions.length === 0) return 0;
  const payload: PushPayload = {
    kind: notice.kind,
    title: settings?.hideNames ? notice.anonymousTitle : notice.title,
    tag: notice.tag,
    url: notice.url,
    ...(notice.callId === undefined ? {} : { callId: notice.callId }),
    ...(notice.matchId === undefined ? {} : { matchId: notice.matchId }),
    ...(notice.ringUntil === undefined ? {} : { ringUntil: notice.ringUntil }),
  };
  const expiresAt = new Date(now.getTime() + notice.ttlSeconds * 1000);
  const written = await db
    .insert(pushOutbox)
    .values(
      subscriptions.map((s) => ({
        subscriptionId: s.id,
        userId: notice.userId,
        dedupeKey: notice.dedupeKey,
        payload,
        urgency: notice.urgency,
        topic: notice.topic ?? null,
        createdAt: now,
        expiresAt,
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pushOutbox.id });
  return written.length;
}
