import { ENDED_MATCH_STATUSES } from "@kindred/shared/matches";
import { and, desc, eq, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

export interface MatchWithOther {
  match: MatchRow;
  other: UserRow;
}

const live = notInArray(matches.status, [...ENDED_MATCH_STATUSES]);
const involves = (userId: number) => or(eq(matches.userId1, userId), eq(matches.userId2, userId));
const otherOf = (userId: number) =>
  eq(
    users.id,
    sql`case when ${matches.userId1} = ${userId} then ${matches.userId2} else ${matches.userId1} end`,
  );

/** The user's live matches, newest first, each with the other person. */
export async function listMatchesFor(db: Executor, userId: number): Promise<MatchWithOther[]> {
  return db
    .select({ match: matches, other: users })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .where(and(involves(userId), live))
    .orderBy(desc(matches.matchDate), desc(matches.id));
}

/** One live match of the user's, or null when it is not theirs, not live, or not there at all. */
export async function findMatchFor(
  db: Executor,
  matchId: number,
  userId: number,
): Promise<MatchWithOther | null> {
  const rows = await db
    .select({ match: matches, other: users })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .where(and(eq(matches.id, matchId), involves(userId), live))
    .limit(1);
  return rows[0] ?? null;
}

/** The live match between two people, if any. */
export async function findLiveMatchBetween(db: Executor, a: number, b: number): Promise<MatchRow | null> {
  const [userId1, userId2] = a < b ? [a, b] : [b, a];
  const rows = await db
    .select()
    .from(matches)
    .where(and(eq(matches.userId1, userId1), eq(matches.userId2, userId2), live))
    .limit(1);
  return rows[0] ?? null;
}
