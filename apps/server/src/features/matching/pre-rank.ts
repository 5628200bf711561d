// A cheap SQL estimate of scorePair, used only to choose which rows of a city band are worth sending
// to Node for exact scoring. Transferring and scoring every row of a big city costs far more than the
// database's work of finding them, so each band query returns its PRE_RANK_LIMIT best rows by this
// estimate. It is built from the engine's own tables (weights, answer affinities, city scores), so it
// agrees with scorePair on the five single-choice answers, location and age gap (about two thirds of
// the points); activities, deal breakers, call times and age fit are left to the exact score.
// Every column it reads is in the candidate index (docs/benchmarks.md), so PostgreSQL ranks a whole
// band from the index alone and reads only the kept rows from the table.
import {
  AGE_GAP_ZERO_YEARS,
  ANSWER_AFFINITIES,
  MATCH_WEIGHTS,
  NEUTRAL_SCORE,
  scorePair,
} from "@kindred/shared/matching";
import { PLANS, PROFILE_TYPES } from "@kindred/shared/plans";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "../../db/schema/users.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";

/** Rows each band query sends for exact scoring. */
export const PRE_RANK_LIMIT = 100;

type AnswerField = keyof typeof ANSWER_AFFINITIES;
const ANSWER_COLUMNS: Record<AnswerField, AnyPgColumn> = {
  communicationStyle: users.communicationStyle,
  values: users.values,
  conflictResolution: users.conflictResolution,
  loveLanguage: users.loveLanguage,
  relationshipPace: users.relationshipPace,
};

/** Credit for each answer a candidate may give, against the caller's `answer` (the engine's rule). */
function creditsFor(field: AnswerField, answer: string): [string, number][] {
  const credits: [string, number][] = [[answer, 1]];
  for (const [x, y, value] of ANSWER_AFFINITIES[field] as readonly (readonly [string, string, number])[]) {
    if (x === answer) credits.push([y, value]);
    else if (y === answer) credits.push([x, value]);
  }
  return credits;
}

function answerTerm(field: AnswerField, answer: string | null): SQL {
  const weight = MATCH_WEIGHTS.personality[field];
  // An unanswered question scores the same for every candidate: it cannot change the order.
  if (!answer) return sql`0`;
  const column = ANSWER_COLUMNS[field];
  const whens = creditsFor(field, answer).map(
    ([option, credit]) => sql`when ${option}::text then ${credit}::float8`,
  );
  return sql`${weight}::float8 * (case when ${column} is null then ${NEUTRAL_SCORE}::float8
    else (case ${column} ${sql.join(whens, sql` `)} else 0::float8 end) end)`;
}

const locationCache = new Map<string, number>();

/** The engine's location score between two places (its breakdown, to two decimals), memoised. */
function locationScore(a: string, b: string): number {
  const key = `${a}\u0000${b}`;
  let score = locationCache.get(key);
  if (score === undefined) {
    const blank = { id: 0, age: null, gender: null, interestedGenders: null, agePreferenceMin: null };
    const rest = { agePreferenceMax: null, communicationStyle: null, freeTimeActivities: null, values: null };
    const more = { conflictResolution: null, loveLanguage: null, relationshipPace: null, dealbreakers: null };
    const base = { ...blank, ...rest, ...more, callPreferences: null, onboardingCompleted: true };
    score = scorePair({ ...base, location: a }, { ...base, location: b }).breakdown.location;
    locationCache.set(key, score);
  }
  return score;
}

function locationTerm(from: string | null, cities: string[]): SQL {
  if (!from || cities.length === 0) return sql`0`;
  const whens = cities.map((c) => sql`when ${c}::text then ${locationScore(from, c)}::float8`);
  return sql`(case ${users.location} ${sql.join(whens, sql` `)} else ${NEUTRAL_SCORE}::float8 end)`;
}

function ageGapTerm(age: number | null): SQL {
  if (age === null) return sql`0`;
  return sql`greatest(0::float8, 1 - abs(${users.age} - ${age}::int)::float8 / ${AGE_GAP_ZERO_YEARS}::float8)`;
}

/** Estimated points (same scale as compatibility, less the parts it leaves out) for the given band. */
export function preRankScore(caller: SessionUser, bandCities: string[]): SQL {
  const W = MATCH_WEIGHTS;
  const answers = (Object.keys(ANSWER_COLUMNS) as AnswerField[]).map((f) => answerTerm(f, caller[f]));
  return sql`(${W.overall.personality / 100}::float8 * (${sql.join(answers, sql` + `)})
    + ${W.overall.location}::float8 * ${locationTerm(caller.location, bandCities)}
    + ${(W.overall.age * W.age.gap) / 100}::float8 * ${ageGapTerm(caller.age)}
    + ${rankBoostTerm()})`;
}

/** The plan's priority, as rankCandidates adds it, so that pre-ranking does not cut a boosted candidate. */
function rankBoostTerm(): SQL {
  const whens = PROFILE_TYPES.map((type) => sql`when ${type}::text then ${PLANS[type].rankBoost}::float8`);
  return sql`(case ${users.profileType} ${sql.join(whens, sql` `)} else 0::float8 end)`;
}
