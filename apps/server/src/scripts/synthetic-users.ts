// Deterministic synthetic people for the seed script and the matching benchmark. Pure: no db.
// The distributions are rough guesses at a UK dating service, chosen so that the candidate filter
// sees realistic selectivity (mostly straight, ages skewed young, preference windows of ~5–25 years).
import { CITIES } from "@kindred/shared/cities";
import { WIZARD_STEPS } from "@kindred/shared/onboarding";
import {
  ACTIVITIES,
  AVATAR_EMOJIS,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DAY_NAMES,
  DEALBREAKERS,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "@kindred/shared/options";
import type { CallPreferences } from "@kindred/shared/user";
import type { users } from "../db/schema/users.ts";

export type NewUser = typeof users.$inferInsert;
export type Random = () => number;

/** mulberry32: tiny, fast, and good enough to make the same data from the same seed every time. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

function pickSome<T>(rnd: Random, list: readonly T[], min: number, max: number): T[] {
  const count = min + Math.floor(rnd() * (max - min + 1));
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0)
    out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0] as T);
  return out;
}

/** Picks by cumulative weight: entries are [value, weight]. */
function weighted<T>(rnd: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return (entries.at(-1) as readonly [T, number])[0];
}

// Bigger cities first in the list, so a falling weight gives London the most people.
const CITY_WEIGHTS = CITIES.map((c, i) => [c.name, 1 / (i + 3)] as const);

const INTERESTS: Record<string, readonly (readonly [string[], number])[]> = {
  Woman: [
    [["Men"], 80],
    [["Women"], 9],
    [["Men", "Women"], 7],
    [["Men", "Non-binary"], 4],
  ],
  Man: [
    [["Women"], 84],
    [["Men"], 8],
    [["Women", "Men"], 5],
    [["Women", "Non-binary"], 3],
  ],
};

function interestsOf(rnd: Random, gender: string): string[] {
  const table = INTERESTS[gender];
  if (table) return weighted(rnd, table);
  return pickSome(rnd, ["Women", "Men", "Non-binary", "Other"], 1, 3);
}

function callPreferencesOf(rnd: Random): CallPreferences | null {
  const kind = rnd();
  if (kind < 0.15) return null;
  if (kind < 0.25) return { weekdays: [], weekends: [], notAvailable: [] }; // Flexible Timing
  const eveningStart = 17 + Math.floor(rnd() * 3);
  const weekendStart = 9 + Math.floor(rnd() * 4);
  const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return {
    weekdays: [{ start: hh(eveningStart), end: hh(eveningStart + 2 + Math.floor(rnd() * 3)) }],
    weekends: [{ start: hh(weekendStart), end: hh(weekendStart + 3 + Math.floor(rnd() * 6)) }],
    notAvailable: pickSome(rnd, DAY_NAMES, 0, 2),
  };
}

const FIRST = [
  "Alex",
  "Sam",
  "Jo",
  "Charlie",
  "Ruth",
  "Amir",
  "Priya",
  "Tom",
  "Grace",
  "Leo",
  "Maya",
  "Owen",
];
const LAST = ["Smith", "Jones", "Patel", "Williams", "Brown", "Khan", "Taylor", "Evans", "Wilson", "Davies"];
const WORDS = ["Quiet", "Bright", "Lunar", "Amber", "Swift", "Gentle", "Velvet", "Cosy", "Wild", "Misty"];
const NOUNS = ["Fox", "Heron", "Otter", "Maple", "River", "Robin", "Comet", "Harbour", "Fern", "Lark"];

/** One onboarded person; `n` makes username and email unique. */
export function syntheticUser(rnd: Random, n: number, passwordHash: string, today = new Date()): NewUser {
  const gender = weighted(rnd, [
    ["Woman", 47],
    ["Man", 47],
    ["Non-binary", 4],
    ["Other", 2],
  ] as const);
  const age = 21 + Math.floor(49 * rnd() ** 1.4);
  const hasPrefs = rnd() > 0.12;
  const birthYear = today.getUTCFullYear() - age - 1;
  const month = String(1 + Math.floor(rnd() * 12)).padStart(2, "0");
  const day = String(1 + Math.floor(rnd() * 28)).padStart(2, "0");
  const profileType = weighted(rnd, [
    ["basic", 80],
    ["premium", 15],
    ["elite", 5],
  ] as const);
  return {
    username: `${pick(rnd, WORDS)}${pick(rnd, NOUNS)}${n}`,
    email: `seed${n}@example.invalid`,
    name: `${pick(rnd, FIRST)} ${pick(rnd, LAST)}`,
    passwordHash,
    createdAt: new Date(today.getTime() - Math.floor(rnd() * 365) * 86_400_000),
    // Born after today's date in that year, so the age holds whatever today is.
    dateOfBirth: `${birthYear}-${month}-${day}`,
    age,
    gender,
    interestedGenders: interestsOf(rnd, gender),
    location: weighted(rnd, CITY_WEIGHTS),
    bio: `${pick(rnd, WORDS)} soul from ${pick(rnd, CITIES).name}, happiest talking about ${pick(rnd, ACTIVITIES).toLowerCase()}.`,
    agePreferenceMin: hasPrefs ? Math.max(21, age - 2 - Math.floor(rnd() * 10)) : null,
    agePreferenceMax: hasPrefs ? Math.min(100, age + 2 + Math.floor(rnd() * 14)) : null,
    avatar: pick(rnd, AVATAR_EMOJIS),
    profileType,
    isPremium: profileType !== "basic",
    idVerificationSkipped: true,
    onboardingCompleted: true,
    questionnaireStep: WIZARD_STEPS,
    communicationStyle: pick(rnd, COMMUNICATION_STYLES),
    freeTimeActivities: pickSome(rnd, ACTIVITIES, 1, 3),
    values: pick(rnd, VALUES),
    conflictResolution: pick(rnd, CONFLICT_STYLES),
    loveLanguage: pick(rnd, LOVE_LANGUAGES),
    relationshipPace: pick(rnd, RELATIONSHIP_PACES),
    dealbreakers: pickSome(rnd, DEALBREAKERS, 1, 2),
    callPreferences: callPreferencesOf(rnd),
  };
}
