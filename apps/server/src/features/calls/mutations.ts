import { CHAT_UNLOCK_CALLS, RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { type CallEndReason, LIVE_CALL_STATUSES } from "@kindred/shared/calls";
import { photosRevealAfterCalls } from "@kindred/shared/plans";
import { and, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { pushUnlocks } from "../notifications/triggers.ts";

// Every transition is one conditional UPDATE (… WHERE status = <the state it leaves>): of two requests,
// instances or sweeps racing, exactly one changes the row and gets it back; the others get nothing.

/**
 * A new ringing call, or null when the match already has a live one (the unique index decides; ON
 * CONFLICT rather than catching the error, so that the caller's transaction stays usable).
 */
export async function insertPendingCall(
  db: Executor,
  values: {
    matchId: number;
    initiatorId: number;
    receiverId: number;
    callDay: number;
    lengthSeconds: number;
  },
  now: Date,
): Promise<CallRow | null> {
  const [row] = await db
    .insert(calls)
    .values({ ...values, startTime: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The receiver answers a call still ringing (within the ring timeout): the countdown starts now. */
export async function answerCall(db: Executor, callId: number, receiverId: number, now: Date) {
  const [row] = await db
    .update(calls)
    .set({
      status: "active",
      // Both from the one ISO string, so that the deadline is exactly the call's length after the
      // answer (a Date parameter may reach the database rounded otherwise).
      activeAt: sql`${now.toISOString()}::timestamptz`,
      deadline: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${calls.lengthSeconds})`,
    })
    .where(
      and(
        eq(calls.id, callId),
        eq(calls.receiverId, receiverId),
        eq(calls.status, "pending"),
        sql`${calls.startTime} > ${new Date(now.getTime() - RING_TIMEOUT_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A ringing call ends without being answered: declined by the receiver, cancelled by either, or missed. */
export async function endRinging(
  db: Executor,
  callId: number,
  status: "rejected" | "cancelled",
  byUserId: number,
  now: Date,
) {
  const who =
    status === "rejected"
      ? eq(calls.receiverId, byUserId)
      : or(eq(calls.initiatorId, byUserId), eq(calls.receiverId, byUserId));
  const [row] = await db
    .update(calls)
    .set({ status, endTime: now, duration: 0, endReason: status === "rejected" ? "declined" : "cancelled" })
    .where(and(eq(calls.id, callId), eq(calls.status, "pending"), who))
    .returning();
  return row ?? null;
}

/** Ringing calls older than the ring timeout become missed. */
export async function missUnanswered(db: Executor, now: Date): Promise<CallRow[]> {
  return db
    .update(calls)
    .set({ status: "missed", endTime: now, duration: 0, endReason: "missed" })
    .where(and(eq(calls.status, "pending"), lte(calls.startTime, new Date(now.getTime() - RING_TIMEOUT_MS))))
    .returning();
}

/** Active calls within `withinMs` of their deadline that have not been warned yet (each once). */
export async function takeDueWarnings(db: Executor, now: Date, withinMs: number): Promise<CallRow[]> {
  return db
    .update(calls)
    .set({ warned: true })
    .where(
      and(
        eq(calls.status, "active"),
        eq(calls.warned, false),
        lte(calls.deadline, new Date(now.getTime() + withinMs)),
      ),
    )
    .returning();
}

/** Ids of active calls whose deadline has passed. */
export async function overdueCallIds(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.status, "active"), lte(calls.deadline, now)))
    .limit(500);
  return rows.map((r) => r.id);
}

export interface CompleteOptions {
  now: Date;
  reason: CallEndReason;
  countAfterMs: number;
}

/**
 * Ends an active call and, in the same transaction, counts it toward the ladder: a call counts if it
 * ran to its deadline or was active at least `countAfterMs`. Ending it a second time changes nothing,
 * so it is never counted twice. The end is never later than the deadline, whenever the end is noticed.
 */
export async function completeCall(
  db: Db,
  callId: number,
  opts: CompleteOptions & { byUserId?: number },
): Promise<CallRow | null> {
  const byUser = opts.byUserId
    ? or(eq(calls.initiatorId, opts.byUserId), eq(calls.receiverId, opts.byUserId))
    : undefined;
  return db.transaction((tx) => completeActive(tx, and(eq(calls.id, callId), byUser), opts));
}

/** completeCall's one UPDATE and count, inside the caller's transaction (ending a match uses it too). */
async function completeActive(tx: Executor, which: SQL | undefined, opts: CompleteOptions) {
  const endTime = sql`least(${opts.now.toISOString()}::timestamptz, ${calls.deadline})`;
  const [call] = await tx
    .update(calls)
    .set({
      status: "completed",
      endTime,
      duration: sql`floor(extract(epoch from (${endTime} - ${calls.activeAt})))::int`,
      endReason: sql`case when ${opts.now.toISOString()}::timestamptz >= ${calls.deadline} then 'deadline' else ${opts.reason} end`,
      counted: sql`${opts.now.toISOString()}::timestamptz >= ${calls.deadline} or ${endTime} - ${calls.activeAt} >= make_interval(secs => ${opts.countAfterMs / 1000})`,
    })
    .where(and(which, eq(calls.status, "active")))
    .returning();
  if (!call) return null;
  if (call.counted) await countCall(tx, call);
  return call;
}

/**
 * Locks the match's live call, if any, before its match is ended in the same transaction: calls
 * before matches, the order completeCall takes them in (it counts into the match), so the two never
 * deadlock.
 */
export async function lockLiveCallOfMatch(tx: Executor, matchId: number): Promise<CallRow | null> {
  const [call] = await tx
    .select()
    .from(calls)
    .where(and(eq(calls.matchId, matchId), inArray(calls.status, [...LIVE_CALL_STATUSES])))
    .limit(1)
    .for("update");
  return call ?? null;
}

/**
 * The match of this live call has just ended (blocked or unmatched), in this transaction: an active
 * call completes (counted by the usual rule), a ringing one is cancelled, both with that reason.
 */
export async function endCallOfEndedMatch(
  tx: Executor,
  call: CallRow,
  reason: "blocked" | "unmatched",
  opts: { now: Date; countAfterMs: number },
): Promise<CallRow | null> {
  if (call.status === "active") return completeActive(tx, eq(calls.id, call.id), { ...opts, reason });
  const [row] = await tx
    .update(calls)
    .set({ status: "cancelled", endTime: opts.now, duration: 0, endReason: reason })
    .where(and(eq(calls.id, call.id), eq(calls.status, "pending")))
    .returning();
  return row ?? null;
}

/** The ladder moves on: callCount, last call, and the unlocks of DECISIONS "Unlocks". */
async function countCall(tx: Executor, call: CallRow) {
  const people = await tx
    .select({ profileType: users.profileType })
    .from(users)
    .where(inArray(users.id, [call.initiatorId, call.receiverId]));
  const revealAfter = photosRevealAfterCalls(people[0]?.profileType, people[1]?.profileType);
  const end = call.endTime ?? new Date();
  const endSql = sql`${end.toISOString()}::timestamptz`;
  const after = sql`${matches.callCount} + 1`;
  const scheduledBefore = sql`${matches.scheduledCallTime} is not null and ${matches.scheduledCallTime} <= ${endSql}`;
  await tx
    .update(matches)
    .set({
      callCount: after,
      lastCallDate: end,
      isChatUnlocked: sql`${matches.isChatUnlocked} or ${after} >= ${CHAT_UNLOCK_CALLS}`,
      arePhotosRevealed: sql`${matches.arePhotosRevealed} or ${after} >= ${revealAfter}`,
      // A call held after the scheduled time is the scheduled call: the schedule is done.
      callScheduled: sql`case when ${scheduledBefore} then false else ${matches.callScheduled} end`,
      scheduledCallTime: sql`case when ${scheduledBefore} then null else ${matches.scheduledCallTime} end`,
      scheduledBy: sql`case when ${scheduledBefore} then null else ${matches.scheduledBy} end`,
      scheduleAccepted: sql`case when ${scheduledBefore} then false else ${matches.scheduleAccepted} end`,
    })
    .where(eq(matches.id, call.matchId));
  await pushUnlocks(tx, call, revealAfter);
}

/** The receiver has seen their missed and declined calls: all of them, or one match's. */
export async function markMissedSeen(db: Executor, receiverId: number, matchId?: number): Promise<void> {
  await db
    .update(calls)
    .set({ receiverSeen: true })
    .where(
      and(
        eq(calls.receiverId, receiverId),
        inArray(calls.status, ["missed", "rejected"]),
        eq(calls.receiverSeen, false),
        matchId === undefined ? undefined : eq(calls.matchId, matchId),
      ),
    );
}
