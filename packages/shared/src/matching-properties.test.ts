import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CITY_NAMES } from "./cities.ts";
import { isCandidatePair, type MatchProfile, type Score, scorePair } from "./matching.ts";
import {
  ACTIVITIES,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DAY_NAMES,
  DEALBREAKERS,
  GENDERS,
  INTERESTED_GENDERS,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "./options.ts";

// --- Property-based: arbitrary profiles from the option lists, with nulls, empties and junk ---

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const withJunk = <T extends string>(options: readonly T[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...options) },
    { weight: 1, arbitrary: fc.constantFrom("", "??") },
  );
const listOf = <T extends string>(options: readonly T[]) =>
  maybe(fc.array(withJunk(options), { maxLength: options.length + 1 }));

const timeArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 23 * 60 + 59 }).map(minutesToText) },
  { weight: 1, arbitrary: fc.constantFrom("9:30", "24:00", "12:60", "noon", "", " 10:00") },
);
function minutesToText(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
const slotsArb = fc.array(fc.record({ start: timeArb, end: timeArb }), { maxLength: 4 });
const callPreferencesArb = maybe(
  fc.record({
    weekdays: slotsArb,
    weekends: slotsArb,
    notAvailable: fc.subarray([...DAY_NAMES]),
  }),
);

const profileArb: fc.Arbitrary<MatchProfile> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  age: maybe(fc.integer({ min: 18, max: 100 })),
  gender: maybe(withJunk(GENDERS)),
  interestedGenders: listOf(INTERESTED_GENDERS),
  agePreferenceMin: maybe(fc.integer({ min: 21, max: 100 })),
  agePreferenceMax: maybe(fc.integer({ min: 21, max: 100 })),
  location: maybe(
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...CITY_NAMES) }, fc.constantFrom("Paris", "leeds")),
  ),
  communicationStyle: maybe(withJunk(COMMUNICATION_STYLES)),
  freeTimeActivities: listOf(ACTIVITIES),
  values: maybe(withJunk(VALUES)),
  conflictResolution: maybe(withJunk(CONFLICT_STYLES)),
  loveLanguage: maybe(withJunk(LOVE_LANGUAGES)),
  relationshipPace: maybe(withJunk(RELATIONSHIP_PACES)),
  dealbreakers: listOf(DEALBREAKERS),
  callPreferences: callPreferencesArb,
  onboardingCompleted: fc.boolean(),
});

function expectWellFormed(s: Score): void {
  expect(Number.isInteger(s.compatibility)).toBe(true);
  expect(s.compatibility).toBeGreaterThanOrEqual(0);
  expect(s.compatibility).toBeLessThanOrEqual(100);
  expect(Object.keys(s.breakdown).sort()).toEqual(["age", "location", "personality"]);
  for (const v of Object.values(s.breakdown)) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
    expect(Math.round(v * 100) / 100).toBe(v);
  }
}

describe("properties", () => {
  it("scorePair is symmetric, deterministic and well-formed; isCandidatePair is symmetric", () => {
    fc.assert(
      fc.property(profileArb, profileArb, (a, b) => {
        const ab = scorePair(a, b);
        expect(scorePair(b, a)).toStrictEqual(ab);
        expect(scorePair(a, b)).toStrictEqual(ab);
        expectWellFormed(ab);
        expect(isCandidatePair(b, a)).toBe(isCandidatePair(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it("a profile's twin scores at least as well on personality and location as anyone else", () => {
    fc.assert(
      fc.property(profileArb, profileArb, (a, b) => {
        const twin = { ...a, id: a.id + 100 };
        const self = scorePair(a, twin);
        const other = scorePair(a, b);
        expect(self.breakdown.personality).toBeGreaterThanOrEqual(other.breakdown.personality);
        expect(self.breakdown.location).toBeGreaterThanOrEqual(other.breakdown.location);
        expectWellFormed(self);
      }),
      { numRuns: 500 },
    );
  });
});
