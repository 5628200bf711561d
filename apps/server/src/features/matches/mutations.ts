import type { BlockInput } from "@kindred/shared/matches";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { reports } from "../../db/schema/reports.ts";

export async function endMatch(
  db: Executor,
  matchId: number,
  status: "unmatched" | "blocked",
  byUserId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(matches)
    .set({ status, unmatchedBy: byUserId, unmatchedDate: now, callScheduled: false, scheduledCallTime: null })
    .where(eq(matches.id, matchId));
}

/** Blocking ends the match and files the report together, or not at all. */
export async function blockAndReport(
  db: Executor,
  match: MatchRow,
  reporterId: number,
  input: BlockInput,
): Promise<void> {
  const reportedId = match.userId1 === reporterId ? match.userId2 : match.userId1;
  await db.transaction(async (tx) => {
    await endMatch(tx, match.id, "blocked", reporterId);
    await tx.insert(reports).values({ reporterId, reportedId, matchId: match.id, ...input });
  });
}

export async function scheduleCall(db: Executor, matchId: number, at: Date): Promise<MatchRow> {
  const [row] = await db
    .update(matches)
    .set({ callScheduled: true, scheduledCallTime: at })
    .where(eq(matches.id, matchId))
    .returning();
  if (!row) throw new Error(`match ${matchId} vanished while scheduling`);
  return row;
}
