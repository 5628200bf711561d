// The compatibility engine: a pure candidate filter and a deterministic, symmetric pair score.
// docs/matching.md explains every number (the tunables are in matching-weights.ts); keep the two in step.
//
// Symmetry is by construction: every term that looks at the pair from one side is combined with its
// mirror by a single commutative operation (a + b, min, max, AND) before anything else touches it,
// and every pairwise table is filled on both sides of its diagonal with the same value. That makes
// scorePair(a, b) bit-for-bit equal to scorePair(b, a), not just equal after rounding.

import { AGE_MIN, AGE_PREFERENCE_DEFAULT_MAX, AGE_PREFERENCE_DEFAULT_MIN } from "./constants.ts";
import { locationScore } from "./matching-location.ts";
import { type PersonalityAnswers, personalityScore } from "./matching-personality.ts";
import { AGE_GAP_ZERO_YEARS, MATCH_WEIGHTS, NEUTRAL_SCORE } from "./matching-weights.ts";
import { GENDER_TO_INTEREST } from "./options.ts";

// The parts live in matching-weights.ts (tunables), matching-personality.ts, matching-call-times.ts and
// matching-location.ts; their public names are re-exported here, so this module stays the one entry.
export type { MatchCallPreferences, MatchTimeSlot } from "./matching-call-times.ts";
export { distanceKm } from "./matching-location.ts";
export {
  AGE_GAP_ZERO_YEARS,
  ANSWER_AFFINITIES,
  CALL_OVERLAP_TARGET_MINUTES,
  LOCATION_ZERO_KM,
  MATCH_WEIGHTS,
  NEUTRAL_SCORE,
} from "./matching-weights.ts";

// ---------------------------------------------------------------------------------------------
// Public shapes
// ---------------------------------------------------------------------------------------------

/** The subset of a user the engine reads. A SelfUser or a users-table row is assignable to it. */
export interface MatchProfile extends PersonalityAnswers {
  readonly id: number;
  readonly age: number | null;
  readonly gender: string | null;
  readonly interestedGenders: readonly string[] | null;
  readonly agePreferenceMin: number | null;
  readonly agePreferenceMax: number | null;
  readonly location: string | null;
  readonly onboardingCompleted: boolean;
}

export interface Score {
  /** Integer 0–100: stored as Match.compatibility and shown as matchScore. */
  compatibility: number;
  /** Fractions 0–1 (two decimals): SPEC §3 compatibilityBreakdown. */
  breakdown: { personality: number; location: number; age: number };
}

/** A pair must score at least this to become a Match (see docs/matching.md for the reasoning). */
export const MIN_MATCH_COMPATIBILITY = 50;

const INTEREST_BY_GENDER: ReadonlyMap<string, string> = new Map(Object.entries(GENDER_TO_INTEREST));

// ---------------------------------------------------------------------------------------------
// Candidate filter
// ---------------------------------------------------------------------------------------------

function acceptsGender(seeker: MatchProfile, other: MatchProfile): boolean {
  if (!other.gender || !seeker.interestedGenders) return false;
  const interest = INTEREST_BY_GENDER.get(other.gender);
  return interest !== undefined && seeker.interestedGenders.includes(interest);
}

/** A person's preferred age range; a missing (or corrupt) bound is the default 21 or 65. */
function preferredMin(p: MatchProfile): number {
  const v = p.agePreferenceMin;
  return v !== null && Number.isFinite(v) ? v : AGE_PREFERENCE_DEFAULT_MIN;
}

function preferredMax(p: MatchProfile): number {
  const v = p.agePreferenceMax;
  return v !== null && Number.isFinite(v) ? v : AGE_PREFERENCE_DEFAULT_MAX;
}

function acceptsAge(seeker: MatchProfile, other: MatchProfile): boolean {
  const age = other.age;
  if (age === null || !Number.isFinite(age) || age < AGE_MIN) return false;
  return age >= preferredMin(seeker) && age <= preferredMax(seeker);
}

/**
 * The hard filter: two different people, both onboarded, each one's gender among the other's
 * interests, each one's age within the other's preferred range (null bounds mean 21 and 65) and at
 * least 21. Pair history and plan capacity are the server's to check. Symmetric.
 */
export function isCandidatePair(a: MatchProfile, b: MatchProfile): boolean {
  return (
    a.id !== b.id &&
    a.onboardingCompleted === true &&
    b.onboardingCompleted === true &&
    acceptsGender(a, b) &&
    acceptsGender(b, a) &&
    acceptsAge(a, b) &&
    acceptsAge(b, a)
  );
}

// ---------------------------------------------------------------------------------------------
// The age part of the score (personality and location are in their own modules)
// ---------------------------------------------------------------------------------------------

/** How centrally `age` sits in [min, max]: 1 at the centre, 0.5 at either edge, 0 outside. */
function ageFit(age: number, min: number, max: number): number {
  if (age < min || age > max) return 0;
  const half = (max - min) / 2;
  if (half === 0) return 1;
  return 1 - (0.5 * Math.abs(age - (min + max) / 2)) / half;
}

function ageScore(a: MatchProfile, b: MatchProfile): number {
  const ageA = a.age;
  const ageB = b.age;
  if (ageA === null || ageB === null || !Number.isFinite(ageA) || !Number.isFinite(ageB))
    return NEUTRAL_SCORE;
  const gap = Math.max(0, 1 - Math.abs(ageA - ageB) / AGE_GAP_ZERO_YEARS);
  const fitAInB = ageFit(ageA, preferredMin(b), preferredMax(b));
  const fitBInA = ageFit(ageB, preferredMin(a), preferredMax(a));
  const W = MATCH_WEIGHTS.age;
  // (fitAInB + fitBInA) is one commutative addition: the mirror pair gives the same bits.
  return (W.gap * gap + W.fitEachWay * (fitAInB + fitBInA)) / 100;
}

/** Clamps to [0, 1]; NaN (only from corrupt numbers) becomes 0. */
function clamp01(x: number): number {
  return x >= 0 ? Math.min(x, 1) : 0;
}

function round2(x: number): number {
  return Math.round(clamp01(x) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------------------------

/**
 * Compatibility of two people. Deterministic, symmetric (scorePair(a, b) deep-equals
 * scorePair(b, a)), and independent of isCandidatePair: it scores any two profiles.
 */
export function scorePair(a: MatchProfile, b: MatchProfile): Score {
  const personality = clamp01(personalityScore(a, b));
  const location = clamp01(locationScore(a.location, b.location));
  const age = clamp01(ageScore(a, b));
  const W = MATCH_WEIGHTS.overall;
  const points = W.personality * personality + W.location * location + W.age * age;
  return {
    compatibility: Math.min(100, Math.max(0, Math.round(points))),
    breakdown: { personality: round2(personality), location: round2(location), age: round2(age) },
  };
}
