import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { involves, type MatchWithOther, matchIsLive, otherOf } from "../../lib/live-match.ts";

const matchesOf = prepared((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({ match: matches, other: users })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .where(and(involves(userId), matchIsLive))
    .orderBy(desc(matches.matchDate), desc(matches.id))
    .prepare("matches_of");
});

/** The user's live matches, newest first, each with the other person. */
export async function listMatchesFor(db: Executor, userId: number): Promise<MatchWithOther[]> {
  return matchesOf(db).execute({ userId });
}

/** The live match between two people, if any. */
export async function findLiveMatchBetween(db: Executor, a: number, b: number): Promise<MatchRow | null> {
  const [userId1, userId2] = a < b ? [a, b] : [b, a];
  const rows = await db
    .select()
    .from(matches)
    .where(and(eq(matches.userId1, userId1), eq(matches.userId2, userId2), matchIsLive))
    .limit(1);
  return rows[0] ?? null;
}
