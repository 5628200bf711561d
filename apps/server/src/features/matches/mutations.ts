import { COUNTED_AFTER_SECONDS } from "@kindred/shared/call-ladder";
import type { BlockInput } from "@kindred/shared/matches";
import { EVIDENCE_MESSAGES } from "@kindred/shared/moderation";
import { planOf } from "@kindred/shared/plans";
import { and, eq, or } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import type { CallRow } from "../../db/schema/calls.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { type EvidenceMessage, reports } from "../../db/schema/reports.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { endCallOfEndedMatch, lockLiveCallOfMatch } from "../calls/mutations.ts";
import { lastMessages } from "../chat/data.ts";

// Every write re-checks that the match is still live: the route read it a moment earlier, and the other
// person may have unmatched or blocked in between. An ended match is never reopened, re-ended or scheduled.
const liveMatch = (matchId: number) => and(eq(matches.id, matchId), matchIsLive);

export interface MatchEndOptions {
  now?: Date;
  /** The clock's counting threshold (CALL_TIME_SCALE applied), for a call that was under way. */
  countAfterMs?: number;
}

/** What ending a match ended: its live call too, if it had one (to announce once committed). */
export interface EndedMatch {
  call: CallRow | null;
}

/**
 * Ends a live match and, in the same transaction, its live call (DECISIONS "Safety": blocking or
 * unmatching cuts the line at once); null when the match had already ended (or is not there).
 */
export async function endMatch(
  db: Db,
  matchId: number,
  status: "unmatched" | "blocked",
  byUserId: number,
  opts: MatchEndOptions = {},
): Promise<EndedMatch | null> {
  return db.transaction((tx) => endMatchIn(tx, matchId, status, byUserId, opts));
}

async function endMatchIn(
  tx: Executor,
  matchId: number,
  status: "unmatched" | "blocked",
  byUserId: number,
  { now = new Date(), countAfterMs = COUNTED_AFTER_SECONDS * 1000 }: MatchEndOptions,
): Promise<EndedMatch | null> {
  const live = await lockLiveCallOfMatch(tx, matchId);
  const ended = await tx
    .update(matches)
    .set({
      status,
      unmatchedBy: byUserId,
      unmatchedDate: now,
      callScheduled: false,
      scheduledCallTime: null,
      scheduledBy: null,
      scheduleAccepted: false,
    })
    .where(liveMatch(matchId))
    .returning({ id: matches.id });
  if (ended.length === 0) return null;
  // A call started meanwhile held the match (its start locks it) until committed: visible now.
  const call = live ?? (await lockLiveCallOfMatch(tx, matchId));
  return { call: call && (await endCallOfEndedMatch(tx, call, status, { now, countAfterMs })) };
}

/** Every live match of a person ended (a suspension or ban), each with its call, in the caller's transaction. */
export async function endAllMatchesOf(
  tx: Executor,
  userId: number,
  opts: MatchEndOptions = {},
): Promise<{ match: MatchRow; ended: EndedMatch }[]> {
  const live = await tx
    .select()
    .from(matches)
    .where(and(or(eq(matches.userId1, userId), eq(matches.userId2, userId)), matchIsLive));
  const out: { match: MatchRow; ended: EndedMatch }[] = [];
  for (const match of live) {
    const ended = await endMatchIn(tx, match.id, "blocked", userId, opts);
    if (ended) out.push({ match, ended });
  }
  return out;
}

/**
 * Blocking ends the match (and its call) and files the report together, or not at all (null: it had
 * already ended). A reporter whose plan has priority support files a priority report. With
 * `includeMessages`, the pair's last messages are copied into it as they are now.
 */
export async function blockAndReport(
  db: Db,
  match: MatchRow,
  reporter: { id: number; profileType: string | null },
  { includeMessages, ...input }: BlockInput,
  opts: MatchEndOptions = {},
): Promise<(EndedMatch & { reportId: number }) | null> {
  const reporterId = reporter.id;
  const reportedId = match.userId1 === reporterId ? match.userId2 : match.userId1;
  const priority = planOf(reporter.profileType).prioritySupport;
  return db.transaction(async (tx) => {
    const ended = await endMatchIn(tx, match.id, "blocked", reporterId, opts);
    if (!ended) return null;
    const evidence: EvidenceMessage[] | null = includeMessages
      ? (await lastMessages(tx, match.id, EVIDENCE_MESSAGES)).map((m) => ({
          fromReported: m.senderId === reportedId,
          content: m.content,
          sentAt: m.sentAt.toISOString(),
        }))
      : null;
    const [report] = await tx
      .insert(reports)
      .values({ reporterId, reportedId, matchId: match.id, priority, evidence, ...input })
      .returning({ id: reports.id });
    if (!report) throw new Error("the report was not filed");
    return { ...ended, reportId: report.id };
  });
}

/** A slot with no proposer (either person may accept it); null when the match has ended. See schedule.ts. */
export async function scheduleCall(db: Executor, matchId: number, at: Date): Promise<MatchRow | null> {
  const [row] = await db
    .update(matches)
    .set({ callScheduled: true, scheduledCallTime: at, scheduledBy: null, scheduleAccepted: false })
    .where(liveMatch(matchId))
    .returning();
  return row ?? null;
}
