// The compatibility engine: a pure candidate filter and a deterministic, symmetric pair score.
// docs/matching.md explains every number below; keep the two in step.
//
// Symmetry is by construction: every term that looks at the pair from one side is combined with its
// mirror by a single commutative operation (a + b, min, max, AND) before anything else touches it,
// and every pairwise table is filled on both sides of its diagonal with the same value. That makes
// scorePair(a, b) bit-for-bit equal to scorePair(b, a), not just equal after rounding.

import { DEFAULT_CALL_PREFERENCES } from "./availability.ts";
import { parseTime } from "./call-slots.ts";
import { CITIES } from "./cities.ts";
import { AGE_MIN, AGE_PREFERENCE_DEFAULT_MAX, AGE_PREFERENCE_DEFAULT_MIN } from "./constants.ts";
import {
  ACTIVITIES,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DAY_NAMES,
  DEALBREAKERS,
  GENDER_TO_INTEREST,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "./options.ts";

// ---------------------------------------------------------------------------------------------
// Public shapes
// ---------------------------------------------------------------------------------------------

export interface MatchTimeSlot {
  readonly start: string;
  readonly end: string;
}

/** Same shape as CallPreferences in user.ts, read-only so any caller's object fits. */
export interface MatchCallPreferences {
  readonly weekdays: readonly MatchTimeSlot[];
  readonly weekends: readonly MatchTimeSlot[];
  readonly notAvailable: readonly string[];
}

/** The subset of a user the engine reads. A SelfUser or a users-table row is assignable to it. */
export interface MatchProfile {
  readonly id: number;
  readonly age: number | null;
  readonly gender: string | null;
  readonly interestedGenders: readonly string[] | null;
  readonly agePreferenceMin: number | null;
  readonly agePreferenceMax: number | null;
  readonly location: string | null;
  readonly communicationStyle: string | null;
  readonly freeTimeActivities: readonly string[] | null;
  readonly values: string | null;
  readonly conflictResolution: string | null;
  readonly loveLanguage: string | null;
  readonly relationshipPace: string | null;
  readonly dealbreakers: readonly string[] | null;
  readonly callPreferences: MatchCallPreferences | null;
  readonly onboardingCompleted: boolean;
}

export interface Score {
  /** Integer 0–100: stored as Match.compatibility and shown as matchScore. */
  compatibility: number;
  /** Fractions 0–1 (two decimals): SPEC §3 compatibilityBreakdown. */
  breakdown: { personality: number; location: number; age: number };
}

// ---------------------------------------------------------------------------------------------
// Tunables (all documented in docs/matching.md)
// ---------------------------------------------------------------------------------------------

/**
 * Weights in points. `overall` sums to 100 and turns the three breakdown fractions into
 * `compatibility`; `personality` sums to 100 and weights the parts of the personality fraction;
 * `age` sums to 100 (gap + both directions of fit).
 */
export const MATCH_WEIGHTS = {
  overall: { personality: 60, location: 25, age: 15 },
  personality: {
    values: 18,
    conflictResolution: 15,
    communicationStyle: 12,
    relationshipPace: 12,
    loveLanguage: 10,
    freeTimeActivities: 12,
    dealbreakers: 9,
    callTimes: 12,
  },
  age: { gap: 50, fitEachWay: 25 },
} as const;

/** A pair must score at least this to become a Match (see docs/matching.md for the reasoning). */
export const MIN_MATCH_COMPATIBILITY = 50;

/** Score of a part the engine cannot judge (an unanswered question, an unknown city, an unknown age). */
export const NEUTRAL_SCORE = 0.5;
/** Distance at which the location score reaches 0 (about the length of Great Britain). */
export const LOCATION_ZERO_KM = 800;
/** Age difference, in years, at which the age-gap part reaches 0. */
export const AGE_GAP_ZERO_YEARS = 20;
/** Weekly shared call time that counts as "plenty" even when both people are widely available. */
export const CALL_OVERLAP_TARGET_MINUTES = 180;

const EARTH_RADIUS_KM = 6371;

/**
 * "Different but compatible" answers: unordered pairs and the credit they get (identical answers
 * get 1, any pair not listed gets 0). Typed against the option lists so a typo fails the build.
 */
export const ANSWER_AFFINITIES = {
  communicationStyle: [
    ["Direct and straightforward", "Expressive and open", 0.5],
    ["Diplomatic and gentle", "Actions more than words", 0.5],
    ["Diplomatic and gentle", "Expressive and open", 0.3],
  ],
  values: [
    ["Honesty and trust", "Loyalty and commitment", 0.6],
    ["Honesty and trust", "Respect and equality", 0.5],
    ["Growth and personal development", "Independence and freedom", 0.5],
    ["Respect and equality", "Independence and freedom", 0.4],
    ["Respect and equality", "Growth and personal development", 0.3],
  ],
  conflictResolution: [
    ["Take time to process before discussing calmly", "Listen first, then share my perspective", 0.7],
    ["Seek compromise and middle ground", "Listen first, then share my perspective", 0.6],
    ["Take time to process before discussing calmly", "Seek compromise and middle ground", 0.5],
    ["Address issues immediately with direct communication", "Seek compromise and middle ground", 0.4],
    ["Address issues immediately with direct communication", "Listen first, then share my perspective", 0.3],
  ],
  loveLanguage: [
    ["Quality time together", "Physical touch", 0.5],
    ["Quality time together", "Verbal affirmation and compliments", 0.4],
    ["Acts of service", "Thoughtful gifts", 0.4],
    ["Quality time together", "Acts of service", 0.3],
  ],
  relationshipPace: [
    ["Moderate pace with regular communication", "Following intuition rather than a set timeline", 0.7],
    ["Taking things slowly and building friendship first", "Moderate pace with regular communication", 0.6],
    [
      "Diving deep quickly to establish emotional connection",
      "Following intuition rather than a set timeline",
      0.5,
    ],
    [
      "Moderate pace with regular communication",
      "Diving deep quickly to establish emotional connection",
      0.3,
    ],
    [
      "Taking things slowly and building friendship first",
      "Following intuition rather than a set timeline",
      0.3,
    ],
  ],
} as const satisfies {
  communicationStyle: readonly (readonly [
    (typeof COMMUNICATION_STYLES)[number],
    (typeof COMMUNICATION_STYLES)[number],
    number,
  ])[];
  values: readonly (readonly [(typeof VALUES)[number], (typeof VALUES)[number], number])[];
  conflictResolution: readonly (readonly [
    (typeof CONFLICT_STYLES)[number],
    (typeof CONFLICT_STYLES)[number],
    number,
  ])[];
  loveLanguage: readonly (readonly [
    (typeof LOVE_LANGUAGES)[number],
    (typeof LOVE_LANGUAGES)[number],
    number,
  ])[];
  relationshipPace: readonly (readonly [
    (typeof RELATIONSHIP_PACES)[number],
    (typeof RELATIONSHIP_PACES)[number],
    number,
  ])[];
};

// ---------------------------------------------------------------------------------------------
// Module-load precomputation (nothing below allocates per scorePair call except the result)
// ---------------------------------------------------------------------------------------------

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

function bitIndex(options: readonly string[]): ReadonlyMap<string, number> {
  const m = new Map<string, number>();
  options.forEach((o, i) => {
    m.set(o, 1 << i);
  });
  return m;
}

const ACTIVITY_BITS = bitIndex(ACTIVITIES);
const DEALBREAKER_BITS = bitIndex(DEALBREAKERS);
const DAY_BITS = bitIndex(DAY_NAMES); // monday = bit 0 … sunday = bit 6
const WEEKDAY_MASK = 0b0011111;
const WEEKEND_MASK = 0b1100000;

const INTEREST_BY_GENDER: ReadonlyMap<string, string> = new Map(Object.entries(GENDER_TO_INTEREST));

// Cities: exact and lower-cased names map to an index; distances and location scores are n×n tables.
const CITY_COUNT = CITIES.length;
const CITY_INDEX = new Map<string, number>();
CITIES.forEach((c, i) => {
  CITY_INDEX.set(c.name, i);
  CITY_INDEX.set(c.name.toLowerCase(), i);
});

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Location score from a distance: 1 at 0 km, falling as the square of the remaining share, 0 from LOCATION_ZERO_KM. */
function locationScoreFromKm(km: number): number {
  const left = 1 - Math.min(km, LOCATION_ZERO_KM) / LOCATION_ZERO_KM;
  return left * left;
}

const CITY_DISTANCE_KM = new Float64Array(CITY_COUNT * CITY_COUNT);
const CITY_LOCATION_SCORE = new Float64Array(CITY_COUNT * CITY_COUNT);
for (let i = 0; i < CITY_COUNT; i++) {
  CITY_LOCATION_SCORE[i * CITY_COUNT + i] = 1;
  for (let j = i + 1; j < CITY_COUNT; j++) {
    const a = CITIES[i] as (typeof CITIES)[number];
    const b = CITIES[j] as (typeof CITIES)[number];
    const km = haversineKm(a.lat, a.lon, b.lat, b.lon);
    const score = locationScoreFromKm(km);
    CITY_DISTANCE_KM[i * CITY_COUNT + j] = km;
    CITY_DISTANCE_KM[j * CITY_COUNT + i] = km;
    CITY_LOCATION_SCORE[i * CITY_COUNT + j] = score;
    CITY_LOCATION_SCORE[j * CITY_COUNT + i] = score;
  }
}

function cityIndex(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  return CITY_INDEX.get(name) ?? CITY_INDEX.get(name.trim().toLowerCase());
}

// Call times: one day is 1440 minutes = 45 words of 32 bits. Four scratch days (A weekday, A weekend,
// B weekday, B weekend) are reused by every call; scorePair is synchronous so they are never shared.
const DAY_WORDS = 45;
const MINUTES_PER_DAY = 1440;
const scratch = new Uint32Array(DAY_WORDS * 4);
const A_WEEKDAY = 0;
const A_WEEKEND = DAY_WORDS;
const B_WEEKDAY = DAY_WORDS * 2;
const B_WEEKEND = DAY_WORDS * 3;

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
// Parts of the score, each symmetric and in [0, 1]
// ---------------------------------------------------------------------------------------------

function answerScore(table: AnswerTable, x: string | null, y: string | null): number {
  if (!x || !y) return NEUTRAL_SCORE;
  if (x === y) return 1;
  const i = table.index.get(x);
  const j = table.index.get(y);
  if (i === undefined || j === undefined) return 0;
  return table.credit[i * table.n + j] ?? 0;
}

function popcount(v: number): number {
  let x = v >>> 0;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function listMask(list: readonly string[] | null, bits: ReadonlyMap<string, number>): number {
  if (!list) return 0;
  let mask = 0;
  for (let i = 0; i < list.length; i++) mask |= bits.get(list[i] as string) ?? 0;
  return mask;
}

/**
 * Sørensen–Dice overlap of two chosen sets: 2·|shared| / (|A| + |B|). For deal breakers this is
 * deliberately the same as for activities: a deal breaker both people name is a shared priority.
 */
function setScore(maskA: number, maskB: number): number {
  if (maskA === 0 || maskB === 0) return NEUTRAL_SCORE;
  return (2 * popcount(maskA & maskB)) / (popcount(maskA) + popcount(maskB));
}

/**
 * Minutes since midnight of a slot time, or -1: the same rule as `parseTime` of call-slots.ts (hour 0–23,
 * minute 0–59), with an allocation-free fast path for the canonical "HH:MM" the server stores.
 */
function parseMinutes(t: string): number {
  if (typeof t !== "string") return -1;
  if (t.length === 5 && t.charCodeAt(2) === 58) {
    const h1 = t.charCodeAt(0) - 48;
    const h2 = t.charCodeAt(1) - 48;
    const m1 = t.charCodeAt(3) - 48;
    const m2 = t.charCodeAt(4) - 48;
    if (h1 >= 0 && h1 <= 2 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9) {
      const hour = h1 * 10 + h2;
      return hour > 23 ? -1 : hour * 60 + m1 * 10 + m2;
    }
  }
  return parseTime(t) ?? -1;
}

function setRange(base: number, start: number, end: number): void {
  let s = start;
  while (s < end) {
    const word = base + (s >>> 5);
    const bit = s & 31;
    const n = Math.min(32 - bit, end - s);
    const mask = n === 32 ? 0xffffffff : ((1 << n) - 1) << bit;
    scratch[word] = (scratch[word] ?? 0) | mask;
    s += n;
  }
}

function dayMinutes(base: number): number {
  let minutes = 0;
  for (let w = 0; w < DAY_WORDS; w++) minutes += popcount(scratch[base + w] ?? 0);
  return minutes;
}

/**
 * Fills one scratch day with the union of a slot list's valid slots (half-open [start, end), end after
 * start, as call-slots.ts rules; invalid slots are skipped) and returns its minutes.
 */
function fillDay(base: number, slots: readonly MatchTimeSlot[] | undefined): number {
  scratch.fill(0, base, base + DAY_WORDS);
  if (!slots) return 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as MatchTimeSlot;
    const start = parseMinutes(slot.start);
    const end = parseMinutes(slot.end);
    if (start >= 0 && end > start) setRange(base, start, end);
  }
  return dayMinutes(base);
}

/**
 * Fills a person's weekday and weekend scratch days and returns their available minutes per week.
 * Same reading as availability.ts: null = DEFAULT_CALL_PREFERENCES (09:00–21:00 every day); no valid
 * slot in either list = Flexible Timing (the whole day); one list empty while the other has slots =
 * no time on those days; days in notAvailable = no time.
 */
function fillWeek(
  prefs: MatchCallPreferences,
  weekdayBase: number,
  weekendBase: number,
  offDays: number,
): number {
  let weekday = fillDay(weekdayBase, prefs.weekdays);
  let weekend = fillDay(weekendBase, prefs.weekends);
  if (weekday === 0 && weekend === 0) {
    scratch.fill(0xffffffff, weekdayBase, weekdayBase + DAY_WORDS);
    scratch.fill(0xffffffff, weekendBase, weekendBase + DAY_WORDS);
    weekday = MINUTES_PER_DAY;
    weekend = MINUTES_PER_DAY;
  }
  return (5 - popcount(offDays & WEEKDAY_MASK)) * weekday + (2 - popcount(offDays & WEEKEND_MASK)) * weekend;
}

function sharedMinutes(baseA: number, baseB: number): number {
  let minutes = 0;
  for (let w = 0; w < DAY_WORDS; w++)
    minutes += popcount((scratch[baseA + w] ?? 0) & (scratch[baseB + w] ?? 0));
  return minutes;
}

/**
 * Weekly call-time overlap: shared minutes per week divided by the larger of the less-available
 * person's weekly minutes and CALL_OVERLAP_TARGET_MINUTES. 1 = every minute the less-available
 * person offers is one the other offers too (and there are at least 3 hours of them); 0 = no shared time.
 */
function callTimeScore(a: MatchCallPreferences | null, b: MatchCallPreferences | null): number {
  const prefsA = a ?? DEFAULT_CALL_PREFERENCES;
  const prefsB = b ?? DEFAULT_CALL_PREFERENCES;
  const offA = listMask(prefsA.notAvailable ?? null, DAY_BITS);
  const offB = listMask(prefsB.notAvailable ?? null, DAY_BITS);
  const offBoth = offA | offB;
  const weeklyA = fillWeek(prefsA, A_WEEKDAY, A_WEEKEND, offA);
  const weeklyB = fillWeek(prefsB, B_WEEKDAY, B_WEEKEND, offB);
  const weekdaysBoth = 5 - popcount(offBoth & WEEKDAY_MASK);
  const weekendsBoth = 2 - popcount(offBoth & WEEKEND_MASK);
  const shared =
    (weekdaysBoth > 0 ? weekdaysBoth * sharedMinutes(A_WEEKDAY, B_WEEKDAY) : 0) +
    (weekendsBoth > 0 ? weekendsBoth * sharedMinutes(A_WEEKEND, B_WEEKEND) : 0);
  // Integers throughout and one division. shared ≤ min(weeklyA, weeklyB), so the result is ≤ 1.
  return shared / Math.max(CALL_OVERLAP_TARGET_MINUTES, Math.min(weeklyA, weeklyB));
}

function locationScore(x: string | null, y: string | null): number {
  if (!x || !y) return NEUTRAL_SCORE;
  const i = cityIndex(x);
  const j = cityIndex(y);
  if (i !== undefined && j !== undefined) return CITY_LOCATION_SCORE[i * CITY_COUNT + j] ?? 0;
  // Not one of the 40 cities: the same place written the same way is still the same place.
  if (x === y || x.trim().toLowerCase() === y.trim().toLowerCase()) return 1;
  return NEUTRAL_SCORE;
}

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

function personalityScore(a: MatchProfile, b: MatchProfile): number {
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
 * Great-circle distance in km between two of the 40 cities (names matched exactly, or trimmed and
 * case-insensitively); 0 for the same city; null if either is not one of them.
 */
export function distanceKm(
  cityA: string | null | undefined,
  cityB: string | null | undefined,
): number | null {
  const i = cityIndex(cityA);
  const j = cityIndex(cityB);
  if (i === undefined || j === undefined) return null;
  return CITY_DISTANCE_KM[i * CITY_COUNT + j] ?? null;
}

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
