import { ENDED_MATCH_STATUSES } from "@kindred/shared/matches";
import { and, eq, notInArray, or, type Placeholder, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { type MatchRow, matches } from "../db/schema/matches.ts";
import { type UserRow, users } from "../db/schema/users.ts";
import { notFound } from "./http-error.ts";

/** SQL for shared `isLiveMatch`: the one live-match predicate of every query. */
export const matchIsLive = notInArray(matches.status, [...ENDED_MATCH_STATUSES]);

/** An id, or the placeholder a prepared query fills with it. */
type Id = number | Placeholder;

export const involves = (userId: Id) => or(eq(matches.userId1, userId), eq(matches.userId2, userId));

/** Joins the person on the other side of the match from `userId`. */
export const otherOf = (userId: Id) =>
  eq(
    users.id,
    sql`case when ${matches.userId1} = ${userId} then ${matches.userId2} else ${matches.userId1} end`,
  );

/** The match with this id, when it is live and the user's. */
const liveMatchOf = (matchId: Id, userId: Id) => and(eq(matches.id, matchId), involves(userId), matchIsLive);

export interface MatchWithOther {
  match: MatchRow;
  other: UserRow;
}

/**
 * The select of the guard, to prepare: the live match `matchId` of `userId` (placeholders) with the
 * other person, and any `more` fields a route reads with it.
 */
export function selectLiveMatch<More extends SelectedFields>(db: Executor, more: More) {
  const userId = sql.placeholder("userId");
  return db
    .select({ match: matches, other: users, ...more })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .where(liveMatchOf(sql.placeholder("matchId"), userId))
    .limit(1);
}

const liveMatchFor = prepared((db) => selectLiveMatch(db, {}).prepare("live_match_for"));

/** One live match of the user's, or null when it is not theirs, not live, or not there at all. */
export async function findLiveMatchFor(
  db: Executor,
  matchId: number,
  userId: number,
): Promise<MatchWithOther | null> {
  const rows = await liveMatchFor(db).execute({ matchId, userId });
  return rows[0] ?? null;
}

/**
 * The guard of every match-scoped route and socket frame: the caller's live match with this id.
 * Anyone else's, an ended one or a missing one are all "not found", never "forbidden", so that
 * nobody learns that a match exists.
 */
export async function requireLiveMatch(
  db: Executor,
  matchId: number,
  userId: number,
): Promise<MatchWithOther> {
  const found = await findLiveMatchFor(db, matchId, userId);
  if (!found) throw notFound("Match not found");
  return found;
}

/** The ids of everyone the user shares a live match with: who may see their presence. */
export async function livePartnerIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({
      id: sql<number>`case when ${matches.userId1} = ${userId} then ${matches.userId2} else ${matches.userId1} end`,
    })
    .from(matches)
    .where(and(involves(userId), matchIsLive));
  return rows.map((r) => Number(r.id));
}
