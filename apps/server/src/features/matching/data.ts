import { AGE_PREFERENCE_DEFAULT_MAX, AGE_PREFERENCE_DEFAULT_MIN } from "@kindred/shared/constants";
import { isLiveMatch } from "@kindred/shared/matches";
import { and, asc, between, desc, eq, inArray, isNull, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";

/** Only what scoring, the capacity check and a match result need: no email, name, birth date or photo. */
export const candidateColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  profileType: users.profileType,
  onboardingCompleted: users.onboardingCompleted,
  matchingPaused: users.matchingPaused,
  moderationHold: users.moderationHold,
  age: users.age,
  gender: users.gender,
  interestedGenders: users.interestedGenders,
  agePreferenceMin: users.agePreferenceMin,
  agePreferenceMax: users.agePreferenceMax,
  location: users.location,
  communicationStyle: users.communicationStyle,
  freeTimeActivities: users.freeTimeActivities,
  values: users.values,
  conflictResolution: users.conflictResolution,
  loveLanguage: users.loveLanguage,
  relationshipPace: users.relationshipPace,
  dealbreakers: users.dealbreakers,
  callPreferences: users.callPreferences,
};

export type CandidateRow = Pick<UserRow, keyof typeof candidateColumns>;

/** The caller's side of the hard filter, already turned into SQL-ready values. */
export interface CandidateFilter {
  callerId: number;
  /** Genders the caller is interested in (GENDER_TO_INTEREST read backwards). */
  genders: string[];
  /** The caller's gender as an "interested in" option: the candidate must list it. */
  interest: string;
  callerAge: number;
  ageMin: number;
  ageMax: number;
  /** Everyone the caller already has a matches row with, in any status: pairs are never rematched. */
  excludeIds: number[];
}

/** Which locations to look in: these cities, or anywhere but these (nowhere excluded when empty). */
export type CityScope = { cities: string[] } | { notIn: string[] };

function scopeCondition(scope: CityScope): SQL | undefined {
  if ("cities" in scope) return inArray(users.location, scope.cities);
  if (scope.notIn.length === 0) return undefined;
  return or(isNull(users.location), notInArray(users.location, scope.notIn));
}

/** Keep only the `limit` best rows by `score` (an SQL expression over the candidate's columns). */
export interface PreRank {
  score: SQL;
  limit: number;
}

function candidateCondition(f: CandidateFilter, scope: CityScope): SQL | undefined {
  return and(
    // The bare column (not "= true") so the planner can prove the partial index's predicate.
    sql`${users.onboardingCompleted}`,
    sql`not ${users.matchingPaused}`,
    sql`not ${users.moderationHold}`,
    inArray(users.gender, f.genders),
    scopeCondition(scope),
    between(users.age, f.ageMin, f.ageMax),
    ne(users.id, f.callerId),
    sql`${f.interest}::text = any(${users.interestedGenders})`,
    sql`${f.callerAge}::int between coalesce(${users.agePreferenceMin}, ${AGE_PREFERENCE_DEFAULT_MIN}::int)
      and coalesce(${users.agePreferenceMax}, ${AGE_PREFERENCE_DEFAULT_MAX}::int)`,
    f.excludeIds.length > 0 ? notInArray(users.id, f.excludeIds) : undefined,
  );
}

/**
 * Candidates passing the hard filter in the given cities, and how many there were before `preRank`
 * kept its best. gender, location and age lead so that the partial candidate index narrows the rows;
 * with a pre-rank, the ranking reads only columns that index also holds, so it can run on the index
 * alone (an index-only scan), and only the kept rows are then read in full, by primary key.
 */
export async function findCandidates(
  db: Executor,
  f: CandidateFilter,
  scope: CityScope,
  preRank?: PreRank,
): Promise<{ rows: CandidateRow[]; total: number }> {
  if (!preRank) {
    const rows = await db.select(candidateColumns).from(users).where(candidateCondition(f, scope));
    return { rows, total: rows.length };
  }
  const best = db.$with("best").as(
    db
      .select({ id: users.id, total: sql<number>`(count(*) over ())::int`.as("total") })
      .from(users)
      .where(candidateCondition(f, scope))
      .orderBy(desc(preRank.score), asc(users.id))
      .limit(preRank.limit),
  );
  const found = await db
    .with(best)
    .select({ ...candidateColumns, total: best.total })
    .from(best)
    .innerJoin(users, eq(users.id, best.id));
  return { rows: found.map(({ total: _, ...row }) => row), total: found[0]?.total ?? 0 };
}

export interface ServiceStats {
  /** People in the users table (0 when never analysed). */
  users: number;
  /** Share of people per location, from the column's most common values (empty when never analysed). */
  cityShares: Map<string, number>;
}

/**
 * The planner's statistics (kept by ANALYZE and autovacuum): how big the service is and how people
 * spread over cities. A catalog read, so it costs the same at any size.
 */
export async function findServiceStats(db: Executor): Promise<ServiceStats> {
  const [row] = await db
    .select({
      users: sql<number>`c.reltuples::float8`,
      cities: sql<string[] | null>`s.most_common_vals::text::text[]`,
      shares: sql<number[] | null>`s.most_common_freqs::float8[]`,
    })
    .from(sql`pg_class c`)
    .leftJoin(
      sql`pg_stats s`,
      sql`s.schemaname = current_schema() and s.tablename = 'users' and s.attname = 'location'`,
    )
    .where(sql`c.oid = 'users'::regclass`);
  const cities = row?.cities ?? [];
  const cityShares = new Map(cities.map((c, i) => [c, Number(row?.shares?.[i] ?? 0)]));
  return { users: Math.max(0, Number(row?.users ?? 0)), cityShares };
}

export interface PairRow {
  userId1: number;
  userId2: number;
  status: string;
}

/** Every matches row touching any of `ids`, in any status (both pair indexes, one BitmapOr). */
export async function findPairsOf(db: Executor, ids: number[]): Promise<PairRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ userId1: matches.userId1, userId2: matches.userId2, status: matches.status })
    .from(matches)
    .where(or(inArray(matches.userId1, ids), inArray(matches.userId2, ids)));
}

/** Active (capacity-counting) matches per person in `ids`, from rows of any status. */
export function countActive(rows: PairRow[], ids: number[]): Map<number, number> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const r of rows) {
    if (!isLiveMatch(r.status)) continue;
    for (const id of [r.userId1, r.userId2]) {
      const n = counts.get(id);
      if (n !== undefined) counts.set(id, n + 1);
    }
  }
  return counts;
}

/** Active (capacity-counting) matches per person, for the given people only. */
export async function countActiveMatches(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId1: matches.userId1, userId2: matches.userId2, status: matches.status })
    .from(matches)
    .where(and(or(inArray(matches.userId1, ids), inArray(matches.userId2, ids)), matchIsLive));
  return countActive(rows, ids);
}
