import { CHAT_UNLOCK_CALLS } from "@kindred/shared/call-ladder";
import { isLiveMatch } from "@kindred/shared/matches";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { CallRow } from "../../db/schema/calls.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";
import { scheduleFor } from "../matches/schedule.ts";
import { mailNewMatches } from "./mail-news.ts";
import { missedNotice, newsNotice, ringNotice } from "./notices.ts";
import { notify } from "./notify.ts";

// The events of other features that push: each a single call from where the event happens.

/** A call in its match's accepted slot (its 'Join call' window) rings even in quiet hours. */
function inAcceptedSlot(app: FastifyInstance, match: MatchRow, userId: number): boolean {
  const schedule = scheduleFor(match, userId, app.scheduleClock.now());
  return Boolean(schedule?.accepted && schedule.canJoin);
}

/** Decides the ring's push inside the call's own transaction: both commit, or neither. The caller kicks after commit. */
export async function pushRing(
  tx: Executor,
  app: FastifyInstance,
  call: CallRow,
  caller: string,
  match: MatchRow,
  now: Date,
): Promise<void> {
  await notify(tx, ringNotice(call, caller, now, inAcceptedSlot(app, match, call.receiverId)), now);
}

/** Whether the ring of this call was pushed to the person (an outbox row of theirs for it). */
async function ringWasPushed(db: Executor, userId: number, callId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushOutbox.id })
    .from(pushSubscriptions)
    .innerJoin(
      pushOutbox,
      and(eq(pushOutbox.subscriptionId, pushSubscriptions.id), eq(pushOutbox.dedupeKey, `call-${callId}`)),
    )
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return Boolean(row);
}

const UNANSWERED = new Set(["missed", "rejected", "cancelled"]);

/**
 * A ring ended unanswered (missed by the clock, declined, cancelled): its pushed notification becomes
 * 'Missed call'. Only where the ring was pushed: nothing else shows 'is calling' to replace, and the
 * in-app missed-call line already tells them. A call cut by a block or an unmatch is not announced.
 * Decided after the status change commits (a crash between loses this one push); never fails its cause.
 */
export async function pushRingEnded(app: FastifyInstance, call: CallRow, now = new Date()): Promise<void> {
  if (!UNANSWERED.has(call.status) || call.endReason === "blocked" || call.endReason === "unmatched") return;
  try {
    if (!(await ringWasPushed(app.db, call.receiverId, call.id))) return;
    const [caller] = await app.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, call.initiatorId));
    if (!caller) return;
    if ((await notify(app.db, missedNotice(call, caller.username), now)) > 0) app.push.kick();
  } catch (err) {
    app.log.warn({ err, callId: call.id }, "deciding the missed-call push failed");
  }
}

/**
 * Just after a counted call moved its match on (same transaction): the chat unlocked and the photos
 * revealed by this very call, as the call's outcome tells it (calls/journey.ts). Sent on the sender's
 * next sweep; a match ended meanwhile (a block cut the call) announces nothing.
 */
export async function pushUnlocks(tx: Executor, call: CallRow, revealAfter: number): Promise<void> {
  const [match] = await tx.select().from(matches).where(eq(matches.id, call.matchId));
  if (!match || !isLiveMatch(match.status)) return;
  const news = [
    ...(match.callCount === CHAT_UNLOCK_CALLS && match.isChatUnlocked ? (["unlock"] as const) : []),
    ...(match.callCount === revealAfter && match.arePhotosRevealed ? (["photos"] as const) : []),
  ];
  if (news.length === 0) return;
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [match.userId1, match.userId2]));
  const now = new Date(); // the outbox's real time, whatever moment the clock ended the call at
  for (const person of people) {
    const other = people.find((p) => p.id !== person.id);
    if (!other) continue;
    for (const kind of news) {
      await notify(tx, newsNotice(kind, { userId: person.id, matchId: match.id, other }), now);
    }
  }
}

/**
 * New matches, to the other person of each (the one who generated them sees them in the answer): a push
 * each, and the day's 'new matches' mail (mail-news.ts). After commit.
 */
export async function pushNewMatches(
  app: FastifyInstance,
  finder: { id: number; username: string },
  found: { id: number; otherUser: { id: number } }[],
): Promise<void> {
  try {
    const now = new Date();
    let written = 0;
    for (const m of found) {
      written += await notify(
        app.db,
        newsNotice("match", { userId: m.otherUser.id, matchId: m.id, other: finder }),
        now,
      );
    }
    if (written > 0) app.push.kick();
  } catch (err) {
    app.log.warn({ err }, "deciding new-match pushes failed");
  }
  await mailNewMatches(
    app,
    found.map((m) => m.otherUser.id),
  );
}
