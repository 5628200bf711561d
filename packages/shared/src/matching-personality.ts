// The personality part of the score: five single-choice answers, two chosen sets and call times.
// Answer tables and bit masks are built at module load, so scoring allocates nothing.

import { bitIndex, listMask, popcount } from "./matching-bits.ts";
import { callTimeScore, type MatchCallPreferences } from "./matching-call-times.ts";
import { ANSWER_AFFINITIES, MATCH_WEIGHTS, NEUTRAL_SCORE } from "./matching-weights.ts";
import {
  ACTIVITIES,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DEALBREAKERS,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "./options.ts";

/** The answers personalityScore reads: the personality fields of a MatchProfile. */
export interface PersonalityAnswers {
  readonly communicationStyle: string | null;
  readonly freeTimeActivities: readonly string[] | null;
  readonly values: string | null;
  readonly conflictResolution: string | null;
  readonly loveLanguage: string | null;
  readonly relationshipPace: string | null;
  readonly dealbreakers: readonly string[] | null;
  readonly callPreferences: MatchCallPreferences | null;
}

interface AnswerTable {
  readonly index: ReadonlyMap<string, number>;
  readonly n: number;
  /** n×n, symmetric, 1 on the diagonal. */
  readonly credit: Float64Array;
}

function buildAnswerTable(
  options: readonly string[],
  affinities: readonly (readonly [string, string, number])[],
): AnswerTable {
  const n = options.length;
  const index = new Map<string, number>();
  options.forEach((o, i) => {
    index.set(o, i);
  });
  const credit = new Float64Array(n * n);
  for (let i = 0; i < n; i++) credit[i * n + i] = 1;
  for (const [x, y, value] of affinities) {
    const i = index.get(x);
    const j = index.get(y);
    if (i === undefined || j === undefined) throw new Error(`Unknown option in affinity: ${x} / ${y}`);
    credit[i * n + j] = value;
    credit[j * n + i] = value;
  }
  return { index, n, credit };
}

const COMMUNICATION_TABLE = buildAnswerTable(COMMUNICATION_STYLES, ANSWER_AFFINITIES.communicationStyle);
const VALUES_TABLE = buildAnswerTable(VALUES, ANSWER_AFFINITIES.values);
const CONFLICT_TABLE = buildAnswerTable(CONFLICT_STYLES, ANSWER_AFFINITIES.conflictResolution);
const LOVE_TABLE = buildAnswerTable(LOVE_LANGUAGES, ANSWER_AFFINITIES.loveLanguage);
const PACE_TABLE = buildAnswerTable(RELATIONSHIP_PACES, ANSWER_AFFINITIES.relationshipPace);

const ACTIVITY_BITS = bitIndex(ACTIVITIES);
const DEALBREAKER_BITS = bitIndex(DEALBREAKERS);

function answerScore(table: AnswerTable, x: string | null, y: string | null): number {
  if (!x || !y) return NEUTRAL_SCORE;
  if (x === y) return 1;
  const i = table.index.get(x);
  const j = table.index.get(y);
  if (i === undefined || j === undefined) return 0;
  return table.credit[i * table.n + j] ?? 0;
}

/**
 * Sørensen–Dice overlap of two chosen sets: 2·|shared| / (|A| + |B|). For deal breakers this is
 * deliberately the same as for activities: a deal breaker both people name is a shared priority.
 */
function setScore(maskA: number, maskB: number): number {
  if (maskA === 0 || maskB === 0) return NEUTRAL_SCORE;
  return (2 * popcount(maskA & maskB)) / (popcount(maskA) + popcount(maskB));
}

/** Personality part of the score, symmetric and in [0, 1]: the MATCH_WEIGHTS.personality blend of its parts. */
export function personalityScore(a: PersonalityAnswers, b: PersonalityAnswers): number {
  const W = MATCH_WEIGHTS.personality;
  const points =
    W.values * answerScore(VALUES_TABLE, a.values, b.values) +
    W.conflictResolution * answerScore(CONFLICT_TABLE, a.conflictResolution, b.conflictResolution) +
    W.communicationStyle * answerScore(COMMUNICATION_TABLE, a.communicationStyle, b.communicationStyle) +
    W.relationshipPace * answerScore(PACE_TABLE, a.relationshipPace, b.relationshipPace) +
    W.loveLanguage * answerScore(LOVE_TABLE, a.loveLanguage, b.loveLanguage) +
    W.freeTimeActivities *
      setScore(listMask(a.freeTimeActivities, ACTIVITY_BITS), listMask(b.freeTimeActivities, ACTIVITY_BITS)) +
    W.dealbreakers *
      setScore(listMask(a.dealbreakers, DEALBREAKER_BITS), listMask(b.dealbreakers, DEALBREAKER_BITS)) +
    W.callTimes * callTimeScore(a.callPreferences, b.callPreferences);
  return points / 100;
}
