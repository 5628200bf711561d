import type { BlockInput } from "@kindred/shared/matches";
import { planOf } from "@kindred/shared/plans";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { reports } from "../../db/schema/reports.ts";
import { matchIsLive } from "../../lib/live-match.ts";

// Every write re-checks that the match is still live: the route read it a moment earlier, and the other
// person may have unmatched or blocked in between. An ended match is never reopened, re-ended or scheduled.
const liveMatch = (matchId: number) => and(eq(matches.id, matchId), matchIsLive);

/** Ends a live match; false when it had already ended (or is not there). */
export async function endMatch(
  db: Executor,
  matchId: number,
  status: "unmatched" | "blocked",
  byUserId: number,
  now = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(matches)
    .set({ status, unmatchedBy: byUserId, unmatchedDate: now, callScheduled: false, scheduledCallTime: null })
    .where(liveMatch(matchId))
    .returning({ id: matches.id });
  return ended.length > 0;
}

/**
 * Blocking ends the match and files the report together, or not at all (false: it had already ended).
 * A reporter whose plan has priority support files a priority report.
 */
export async function blockAndReport(
  db: Executor,
  match: MatchRow,
  reporter: { id: number; profileType: string | null },
  input: BlockInput,
): Promise<boolean> {
  const reporterId = reporter.id;
  const reportedId = match.userId1 === reporterId ? match.userId2 : match.userId1;
  const priority = planOf(reporter.profileType).prioritySupport;
  return db.transaction(async (tx) => {
    if (!(await endMatch(tx, match.id, "blocked", reporterId))) return false;
    await tx.insert(reports).values({ reporterId, reportedId, matchId: match.id, priority, ...input });
    return true;
  });
}

/** The match with its call scheduled, or null when it has ended meanwhile. */
export async function scheduleCall(db: Executor, matchId: number, at: Date): Promise<MatchRow | null> {
  const [row] = await db
    .update(matches)
    .set({ callScheduled: true, scheduledCallTime: at })
    .where(liveMatch(matchId))
    .returning();
  return row ?? null;
}
