// For the push triggers' tests: a subscription written straight into the database (no push service is
// reached: the sender's sweep is an hour away), and the outbox rows a person's pushes became.
import { TIME_ZONE } from "@kindred/shared/constants";
import type { PushPayload } from "@kindred/shared/notifications";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationSettings, pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";

/** The app env of these tests: the sender only runs when kicked, and its endpoint refuses at once. */
export const PUSH_TEST_ENV = {
  PUSH_SWEEP_MS: "3600000",
  PUSH_ENDPOINT_ALLOW: "https://127.0.0.1:9",
  CALL_SWEEP_MS: "3600000",
  CALL_PEER_GONE_MS: "3600000",
};

let endpoints = 0;
export async function subscribe(db: Db, userId: number): Promise<void> {
  endpoints += 1;
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://127.0.0.1:9/push/${process.pid}-${endpoints}-${Math.random()}`,
    p256dh: "BPlaceholderKey",
    auth: "placeholder",
  });
}

export async function setSettings(
  db: Db,
  userId: number,
  values: Partial<typeof notificationSettings.$inferInsert>,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** Quiet hours from an hour ago to an hour from now, on London's clock. */
export function quietAroundNow(): { quietStart: string; quietEnd: string } {
  const hhmm = (ms: number) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: TIME_ZONE,
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(Date.now() + ms));
  return { quietStart: hhmm(-3_600_000), quietEnd: hhmm(3_600_000) };
}

export interface PushRow {
  dedupeKey: string;
  payload: PushPayload;
  urgency: string;
  topic: string | null;
  ttlMs: number;
}

/** The person's outbox rows, oldest first; `ttlMs`: how long each was given when decided. */
export async function pushesTo(db: Db, userId: number): Promise<PushRow[]> {
  const rows = await db
    .select()
    .from(pushOutbox)
    .where(eq(pushOutbox.userId, userId))
    .orderBy(asc(pushOutbox.id));
  return rows.map((r) => ({
    dedupeKey: r.dedupeKey,
    payload: r.payload as PushPayload,
    urgency: r.urgency,
    topic: r.topic,
    ttlMs: r.expiresAt.getTime() - r.createdAt.getTime(),
  }));
}
