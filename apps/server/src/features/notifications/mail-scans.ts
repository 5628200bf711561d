import { MISSED_CALL_MAIL_AFTER_MS, REMINDER_MAIL_BEFORE_MS } from "@kindred/shared/mail";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { calls } from "../../db/schema/calls.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { MISSED_STATUSES } from "../calls/data.ts";
import { scanDigestMail } from "./mail-digest.ts";
import { mailableAmong, mailTo } from "./mail-recipients.ts";

// The notification mails that time makes due, found by every instance's mail scan (plugin.ts). Time is
// the scheduling clock's, so a test moves it instead of waiting. Two instances finding the same mail
// write it once: queueMail is idempotent on the dedupeKey (a unique index of mail_outbox).

const DAY_MS = 24 * 60 * 60_000;
/** How many of each a scan handles; the rest are found by the next scan. */
const BATCH = 200;

/** Decides the mails due now: missed calls, scheduled-call reminders, unread digests. Never throws. */
export async function scanMail(app: FastifyInstance): Promise<number> {
  let queued = 0;
  for (const [what, scan] of [
    ["missed calls", scanMissedCallMail],
    ["reminders", scanReminderMail],
    ["unread digests", scanDigestMail],
  ] as const) {
    try {
      queued += await scan(app);
    } catch (err) {
      app.log.warn({ err }, `mail scan of ${what} failed`);
    }
  }
  if (queued > 0) app.mail.kick();
  return queued;
}

/**
 * A mail held back (quiet hours, active in the app, toggle off, unverified) is not sent for that event,
 * not later: each instance remembers what it decided against (key → when the event is past), so a
 * later scan does not mail a person once they have left the app. The digest is not held here: it is a
 * summary, and the next scan's digest is as true as this one's.
 */
const heldBack = new WeakMap<FastifyInstance, Map<string, number>>();

function heldBackOf(app: FastifyInstance, now: Date): Map<string, number> {
  const memo = heldBack.get(app) ?? new Map<string, number>();
  heldBack.set(app, memo);
  for (const [key, until] of memo) if (until <= now.getTime()) memo.delete(key);
  return memo;
}

/** The keys of these that are in the outbox already. */
async function alreadyQueued(app: FastifyInstance, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await app.db
    .select({ key: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(inArray(mailOutbox.dedupeKey, keys));
  return new Set(rows.map((r) => r.key ?? ""));
}

/**
 * A call to the person that ended missed or declined, still not seen in the app (calls.receiver_seen,
 * set by POST /api/calls/missed/seen) MISSED_CALL_MAIL_AFTER_MS after it ended, in a live match with no
 * later call. Only calls that ended within the last day: a first deploy does not mail old history.
 */
export async function scanMissedCallMail(app: FastifyInstance): Promise<number> {
  const now = app.scheduleClock.now();
  const memo = heldBackOf(app, now);
  const caller = alias(users, "caller");
  const due = await app.db
    .select({
      id: calls.id,
      matchId: calls.matchId,
      receiverId: calls.receiverId,
      startTime: calls.startTime,
      endTime: calls.endTime,
      callerName: caller.username,
    })
    .from(calls)
    .innerJoin(matches, eq(matches.id, calls.matchId))
    .innerJoin(caller, eq(caller.id, calls.initiatorId))
    .where(
      and(
        inArray(calls.status, [...MISSED_STATUSES]),
        eq(calls.receiverSeen, false),
        gt(calls.endTime, new Date(now.getTime() - DAY_MS)),
        lte(calls.endTime, new Date(now.getTime() - MISSED_CALL_MAIL_AFTER_MS)),
        matchIsLive,
        // A later call in the match, either way, supersedes it (as in GET /api/calls/missed).
        sql`not exists (select 1 from calls later where later.match_id = ${calls.matchId} and later.start_time > ${calls.startTime})`,
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.dedupeKey} = 'missed:' || ${calls.id})`,
      ),
    )
    .limit(BATCH);
  const open = due.filter((d) => !memo.has(`missed:${d.id}`));
  const recipients = await mailableAmong(
    app,
    open.map((d) => d.receiverId),
    "calls",
    now,
  );
  let queued = 0;
  for (const d of open) {
    const key = `missed:${d.id}`;
    const to = recipients.get(d.receiverId);
    if (!to) {
      memo.set(key, (d.endTime ?? now).getTime() + DAY_MS);
      continue;
    }
    const content = {
      kind: "missed_call",
      callerName: d.callerName,
      at: d.startTime,
      matchId: d.matchId,
    } as const;
    if (await mailTo(app, to, content, key)) queued += 1;
  }
  return queued;
}

/**
 * An accepted scheduled call whose slot is within REMINDER_MAIL_BEFORE_MS: one reminder to each of the
 * two, at the first scan that finds it. A slot accepted less than an hour ahead is reminded at once
 * (still once); a slot that has started is not reminded by mail (the pushes do that).
 */
export async function scanReminderMail(app: FastifyInstance): Promise<number> {
  const now = app.scheduleClock.now();
  const memo = heldBackOf(app, now);
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
        sql`${matches.callScheduled} and ${matches.scheduleAccepted}`,
        matchIsLive,
        gt(matches.scheduledCallTime, now),
        lte(matches.scheduledCallTime, new Date(now.getTime() + REMINDER_MAIL_BEFORE_MS)),
      ),
    )
    .limit(BATCH);
  const wanted = due.flatMap(({ matchId, at, one, two }) =>
    at
      ? [
          {
            key: `reminder-mail:${matchId}:${at.toISOString()}:${one.id}`,
            me: one.id,
            other: two,
            matchId,
            at,
          },
          {
            key: `reminder-mail:${matchId}:${at.toISOString()}:${two.id}`,
            me: two.id,
            other: one,
            matchId,
            at,
          },
        ]
      : [],
  );
  const queuedBefore = await alreadyQueued(
    app,
    wanted.map((w) => w.key),
  );
  const open = wanted.filter((w) => !memo.has(w.key) && !queuedBefore.has(w.key));
  const recipients = await mailableAmong(
    app,
    open.map((w) => w.me),
    "reminders",
    now,
  );
  let queued = 0;
  for (const w of open) {
    const to = recipients.get(w.me);
    if (!to) {
      memo.set(w.key, w.at.getTime());
      continue;
    }
    const content = {
      kind: "call_reminder",
      otherName: w.other.username,
      at: w.at,
      matchId: w.matchId,
    } as const;
    if (await mailTo(app, to, content, w.key)) queued += 1;
  }
  return queued;
}
