import { JOIN_CALL_AFTER_MS, JOIN_CALL_BEFORE_MS, type ScheduledCall } from "@kindred/shared/matches";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { involves, matchIsLive } from "../../lib/live-match.ts";

// DECISIONS "Scheduling": a slot is one person's proposal, which the other may accept or replace with
// another; either may cancel. It never blocks calling.

const NO_SCHEDULE = {
  callScheduled: false,
  scheduledCallTime: null,
  scheduledBy: null,
  scheduleAccepted: false,
};
const liveMatch = (matchId: number) => and(eq(matches.id, matchId), matchIsLive);

/** The scheduled call as `viewerId` sees it at `now`; null when there is none or its slot has passed. */
export function scheduleFor(match: MatchRow, viewerId: number, now: Date): ScheduledCall | null {
  const at = match.callScheduled ? match.scheduledCallTime : null;
  if (!at) return null;
  const t = now.getTime();
  const opens = at.getTime() - JOIN_CALL_BEFORE_MS;
  const closes = at.getTime() + JOIN_CALL_AFTER_MS;
  if (t >= closes) return null;
  return {
    at: at.toISOString(),
    proposedBy: match.scheduledBy === viewerId ? "me" : "them",
    accepted: match.scheduleAccepted,
    canJoin: t >= opens,
    changesInMs: (t < opens ? opens : closes) - t,
  };
}

/** `byUserId` proposes the slot, replacing any earlier one; null when the match has ended meanwhile. */
export async function proposeSlot(
  db: Executor,
  matchId: number,
  byUserId: number,
  at: Date,
): Promise<MatchRow | null> {
  const [row] = await db
    .update(matches)
    .set({ callScheduled: true, scheduledCallTime: at, scheduledBy: byUserId, scheduleAccepted: false })
    .where(liveMatch(matchId))
    .returning();
  return row ?? null;
}

/**
 * `byUserId` accepts the other person's proposal of `at`; null when that exact proposal is not there
 * any more (cancelled, replaced, or their own), so that nobody accepts a slot they have not seen.
 */
export async function acceptSlot(
  db: Executor,
  matchId: number,
  byUserId: number,
  at: Date,
): Promise<MatchRow | null> {
  const [row] = await db
    .update(matches)
    .set({ scheduleAccepted: true })
    .where(
      and(
        liveMatch(matchId),
        eq(matches.callScheduled, true),
        eq(matches.scheduledCallTime, at),
        sql`${matches.scheduledBy} is distinct from ${byUserId}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Either person cancels the slot; null when the match has ended meanwhile. */
export async function cancelSlot(db: Executor, matchId: number): Promise<MatchRow | null> {
  const [row] = await db.update(matches).set(NO_SCHEDULE).where(liveMatch(matchId)).returning();
  return row ?? null;
}

/** Whether the match's slot passed 30 minutes ago (and so clears, unless a call is held after it). */
export function slotPassed(match: MatchRow, now: Date): boolean {
  const at = match.callScheduled ? match.scheduledCallTime : null;
  return at !== null && at.getTime() <= now.getTime() - JOIN_CALL_AFTER_MS;
}

/**
 * Slots of the user's matches that passed 30 minutes ago with no call held after them clear themselves
 * (a call held after the slot clears it when it is counted). Run as matches are read: the server, not
 * the screen, decides. Returns the matches it cleared.
 */
export async function clearPassedSlots(db: Executor, userId: number, now: Date): Promise<MatchRow[]> {
  return db
    .update(matches)
    .set(NO_SCHEDULE)
    .where(
      and(
        involves(userId),
        eq(matches.callScheduled, true),
        lte(matches.scheduledCallTime, new Date(now.getTime() - JOIN_CALL_AFTER_MS)),
      ),
    )
    .returning();
}
