import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { isLiveCall, LIVE_CALL_STATUSES } from "@kindred/shared/calls";
import { and, count, eq, gt, gte, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { findLiveMatchFor, matchIsLive } from "../../lib/live-match.ts";

export interface CallWithOther {
  call: CallRow;
  otherUserId: number;
}

/**
 * A call of the user's, in a match that is still live (the one live-match guard), with the other
 * participant's id; null for anyone else's call or one that is not there.
 */
export async function findCallFor(
  db: Executor,
  callId: number,
  userId: number,
): Promise<CallWithOther | null> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call || (call.initiatorId !== userId && call.receiverId !== userId)) return null;
  if (!(await findLiveMatchFor(db, call.matchId, userId))) return null;
  return { call, otherUserId: call.initiatorId === userId ? call.receiverId : call.initiatorId };
}

/** findCallFor, for a call that is ringing or under way only. */
export async function findLiveCallFor(
  db: Executor,
  callId: number,
  userId: number,
): Promise<CallWithOther | null> {
  const found = await findCallFor(db, callId, userId);
  return found && isLiveCall(found.call.status) ? found : null;
}

/** The match's pending or active call, if any (at most one, by a unique index). */
export async function findLiveCallOfMatch(db: Executor, matchId: number): Promise<CallRow | null> {
  const [call] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.matchId, matchId), inArray(calls.status, [...LIVE_CALL_STATUSES])))
    .limit(1);
  return call ?? null;
}

/**
 * Calls the user started that count against today's allowance: those that reached active within the
 * day, and those still ringing (so that ringing many people at once cannot overrun the limit).
 */
export async function callsStartedWithin(
  db: Executor,
  userId: number,
  day: { start: Date; end: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(
      and(
        eq(calls.initiatorId, userId),
        or(
          and(isNotNull(calls.activeAt), gte(calls.activeAt, day.start), lt(calls.activeAt, day.end)),
          eq(calls.status, "pending"),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Calls ringing for the user right now (in live matches), each with its caller's public name and avatar. */
export async function findRingingFor(db: Executor, userId: number, now: Date) {
  return db
    .select({ call: calls, caller: { id: users.id, username: users.username, avatar: users.avatar } })
    .from(calls)
    .innerJoin(users, eq(users.id, calls.initiatorId))
    .innerJoin(matches, eq(matches.id, calls.matchId))
    .where(
      and(
        eq(calls.receiverId, userId),
        eq(calls.status, "pending"),
        gt(calls.startTime, new Date(now.getTime() - RING_TIMEOUT_MS)),
        matchIsLive,
      ),
    );
}
