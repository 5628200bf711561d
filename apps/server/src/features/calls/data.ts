import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { isLiveCall, LIVE_CALL_STATUSES } from "@kindred/shared/calls";
import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";

export interface CallWithOther {
  call: CallRow;
  otherUserId: number;
}

const callFor = prepared((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({ call: calls })
    .from(calls)
    .innerJoin(matches, eq(matches.id, calls.matchId))
    .where(
      and(
        eq(calls.id, sql.placeholder("callId")),
        or(eq(calls.initiatorId, userId), eq(calls.receiverId, userId)),
        matchIsLive,
      ),
    )
    .limit(1)
    .prepare("call_for");
});

/**
 * A call of the user's, in a match that is still live (the one live-match guard), with the other
 * participant's id; null for anyone else's call or one that is not there.
 */
export async function findCallFor(
  db: Executor,
  callId: number,
  userId: number,
): Promise<CallWithOther | null> {
  const [row] = await callFor(db).execute({ callId, userId });
  if (!row) return null;
  const { call } = row;
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

const callsStarted = prepared((db) =>
  db
    .select({ n: count() })
    .from(calls)
    .where(
      and(
        eq(calls.initiatorId, sql.placeholder("userId")),
        or(
          and(
            isNotNull(calls.activeAt),
            gte(calls.activeAt, sql.placeholder("start")),
            lt(calls.activeAt, sql.placeholder("end")),
          ),
          eq(calls.status, "pending"),
        ),
      ),
    )
    .prepare("calls_started"),
);

/**
 * Calls the user started that count against today's allowance: those that reached active within the
 * day, and those still ringing (so that ringing many people at once cannot overrun the limit).
 */
export async function callsStartedWithin(
  db: Executor,
  userId: number,
  day: { start: Date; end: Date },
): Promise<number> {
  const [row] = await callsStarted(db).execute({
    userId,
    start: day.start.toISOString(),
    end: day.end.toISOString(),
  });
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

/** When the caller's latest calls to this match since `since` started, newest first, at most `limit`. */
export async function ringTimesInMatch(
  db: Executor,
  initiatorId: number,
  matchId: number,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ startTime: calls.startTime })
    .from(calls)
    .where(and(eq(calls.initiatorId, initiatorId), eq(calls.matchId, matchId), gte(calls.startTime, since)))
    .orderBy(desc(calls.startTime))
    .limit(limit);
  return rows.map((r) => r.startTime);
}

/**
 * Takes a share lock on the match while it is live; false when it has ended. A call inserted under it
 * cannot slip in after a block or unmatch committed (ending the match waits for it, and vice versa).
 */
export async function lockLiveMatch(tx: Executor, matchId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.id, matchId), matchIsLive))
    .for("share");
  return rows.length > 0;
}

/** Whether this call of the user's is over (ended, or its match ended); false for anyone else's. */
export async function callIsOverFor(db: Executor, callId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: calls.status, live: sql<boolean>`${matchIsLive}` })
    .from(calls)
    .innerJoin(matches, eq(matches.id, calls.matchId))
    .where(and(eq(calls.id, callId), or(eq(calls.initiatorId, userId), eq(calls.receiverId, userId))))
    .limit(1);
  return row !== undefined && (!isLiveCall(row.status) || !row.live);
}

/** The statuses a receiver is shown as 'Missed call from …': not answered, or declined by them. */
export const MISSED_STATUSES = ["missed", "rejected"] as const;

/** Per live match where the user has missed or declined a call, its latest call, with the caller. */
const latestCallsMissedIn = prepared((db) => {
  const missedIn = db
    .select({ matchId: calls.matchId })
    .from(calls)
    .where(and(eq(calls.receiverId, sql.placeholder("userId")), inArray(calls.status, [...MISSED_STATUSES])));
  return db
    .selectDistinctOn([calls.matchId], {
      call: calls,
      caller: { id: users.id, username: users.username },
    })
    .from(calls)
    .innerJoin(matches, eq(matches.id, calls.matchId))
    .innerJoin(users, eq(users.id, calls.initiatorId))
    .where(and(inArray(calls.matchId, missedIn), matchIsLive))
    .orderBy(calls.matchId, desc(calls.startTime), desc(calls.id))
    .prepare("latest_calls_missed_in");
});

/**
 * Per live match, its latest call when that is one the user missed or declined, with the caller's
 * name, newest first. A later call in the match (either way, any outcome) supersedes it.
 */
export async function findMissedFor(db: Executor, userId: number) {
  const latest = await latestCallsMissedIn(db).execute({ userId });
  return latest
    .filter(
      ({ call }) =>
        call.receiverId === userId && (MISSED_STATUSES as readonly string[]).includes(call.status),
    )
    .sort((x, y) => y.call.startTime.getTime() - x.call.startTime.getTime());
}

/** Which counted call of its match this one was (counted calls up to and including it). */
export async function countedCallNumber(db: Executor, call: CallRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(and(eq(calls.matchId, call.matchId), eq(calls.counted, true), lte(calls.id, call.id)));
  return Number(row?.n ?? 0);
}
