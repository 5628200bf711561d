import { JOIN_CALL_AFTER_MS } from "@kindred/shared/matches";
import { REMINDER_BEFORE_MS, UNREAD_PUSH_AFTER_MS } from "@kindred/shared/notifications";
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { messageNotice, reminderNotice, reminderStage } from "./notices.ts";
import { notify } from "./notify.ts";

// The pushes that are due by time, found by every instance's sender before each pass. Two instances
// finding the same one write it once (notify is idempotent on its dedupeKey).

const DAY_MS = 24 * 60 * 60_000;
/** How many of each a pass handles; the rest are found on the next pass, a second later. */
const BATCH = 500;

/** Decides the pushes due now: scheduled-call reminders and unread messages. Never throws. */
export async function scanDue(app: FastifyInstance): Promise<void> {
  for (const [what, scan] of [
    ["reminders", scanReminders],
    ["unread messages", scanUnread],
  ] as const) {
    try {
      await scan(app);
    } catch (err) {
      app.log.warn({ err }, `push scan of ${what} failed`);
    }
  }
}

/**
 * Per instance, the reminders already decided here (dedupeKey:userId → when the slot's window closes),
 * so that a slot in its window costs one query a pass, not a decision per person per pass.
 */
const decided = new WeakMap<FastifyInstance, Map<string, number>>();

/**
 * Accepted slots from 10 minutes before to 30 minutes after (the scheduling clock's time): both people,
 * once per stage. Indexable by `matches (scheduled_call_time) WHERE call_scheduled AND schedule_accepted`.
 */
export async function scanReminders(app: FastifyInstance): Promise<void> {
  const now = app.scheduleClock.now();
  const memo = decided.get(app) ?? new Map<string, number>();
  decided.set(app, memo);
  for (const [key, until] of memo) if (until <= now.getTime()) memo.delete(key);
  const user1 = alias(users, "user1");
  const user2 = alias(users, "user2");
  const due = await app.db
    .select({
      matchId: matches.id,
      at: matches.scheduledCallTime,
      one: { id: user1.id, username: user1.username },
      two: { id: user2.id, username: user2.username },
    })
    .from(matches)
    .innerJoin(user1, eq(user1.id, matches.userId1))
    .innerJoin(user2, eq(user2.id, matches.userId2))
    .where(
      and(
        // Literal (not bound) so the planner can use the partial index asked for in the report.
        sql`${matches.callScheduled} and ${matches.scheduleAccepted}`,
        matchIsLive,
        gt(matches.scheduledCallTime, new Date(now.getTime() - JOIN_CALL_AFTER_MS)),
        lte(matches.scheduledCallTime, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    )
    .limit(BATCH);
  for (const { matchId, at, one, two } of due) {
    const stage = at && reminderStage(at, now);
    if (!at || !stage) continue;
    const pairs: [typeof one, typeof two][] = [
      [one, two],
      [two, one],
    ];
    for (const [me, other] of pairs) {
      const notice = reminderNotice({ userId: me.id, matchId, other: other.username }, at, stage, now);
      const key = `${notice.dedupeKey}:${me.id}`;
      if (memo.has(key)) continue;
      // The outbox runs on real time (when to send, when it expires); the TTL came from the slot's clock.
      await notify(app.db, notice, new Date());
      memo.set(key, at.getTime() + JOIN_CALL_AFTER_MS);
    }
  }
}

/**
 * Unread messages that have waited 2 minutes (and less than a day), for people with a push subscription
 * and no Kindred page open: per conversation and sender, the newest such message, unless it was pushed.
 * Driven by unread messages in a time range: indexable by `messages (sent_at) WHERE NOT is_read`.
 */
export async function scanUnread(app: FastifyInstance): Promise<void> {
  const now = Date.now();
  const recipient = sql<number>`case when ${matches.userId1} = ${messages.senderId} then ${matches.userId2} else ${matches.userId1} end`;
  const newest = app.db
    .selectDistinctOn([messages.matchId, messages.senderId], {
      id: messages.id,
      matchId: messages.matchId,
      sender: users.username,
      recipient: recipient.as("recipient"),
    })
    .from(messages)
    .innerJoin(matches, eq(matches.id, messages.matchId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        sql`not ${messages.isRead}`,
        gt(messages.sentAt, new Date(now - DAY_MS)),
        lte(messages.sentAt, new Date(now - UNREAD_PUSH_AFTER_MS)),
        matchIsLive,
      ),
    )
    .orderBy(messages.matchId, messages.senderId, desc(messages.seq))
    .as("newest");
  // Pushed already: an outbox row for one of the recipient's subscriptions (unique index on both).
  const pushed = sql`exists (select 1 from ${pushSubscriptions} s join ${pushOutbox} o on o.subscription_id = s.id
    where s.user_id = ${newest.recipient} and o.dedupe_key = 'msg-' || ${newest.id})`;
  const subscribed = sql`exists (select 1 from ${pushSubscriptions} s where s.user_id = ${newest.recipient})`;
  const due = await app.db
    .select()
    .from(newest)
    .where(and(subscribed, sql`not ${pushed}`))
    .limit(BATCH);
  if (due.length === 0) return;
  const online = await app.realtime.presence.onlineAmong(due.map((d) => d.recipient));
  let written = 0;
  for (const d of due) {
    if (online.has(d.recipient)) continue;
    const notice = messageNotice({
      userId: d.recipient,
      matchId: d.matchId,
      messageId: d.id,
      sender: d.sender,
    });
    written += await notify(app.db, notice, new Date());
  }
  if (written > 0) app.log.debug({ written }, "unread messages pushed");
}
