import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CITY_NAMES } from "./cities.ts";
import {
  ANSWER_AFFINITIES,
  distanceKm,
  isCandidatePair,
  MATCH_WEIGHTS,
  type MatchCallPreferences,
  type MatchProfile,
  MIN_MATCH_COMPATIBILITY,
  type Score,
  scorePair,
} from "./matching.ts";
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
import type { SelfUser } from "./user.ts";

// Compile-time: the signed-in user's record is a MatchProfile as it stands.
const _selfUserIsAMatchProfile = (u: SelfUser): MatchProfile => u;
void _selfUserIsAMatchProfile;

function person(overrides: Partial<MatchProfile> = {}): MatchProfile {
  return {
    id: 1,
    age: 30,
    gender: "Woman",
    interestedGenders: ["Men"],
    agePreferenceMin: 25,
    agePreferenceMax: 35,
    location: "London",
    communicationStyle: "Direct and straightforward",
    freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"],
    values: "Honesty and trust",
    conflictResolution: "Address issues immediately with direct communication",
    loveLanguage: "Quality time together",
    relationshipPace: "Moderate pace with regular communication",
    dealbreakers: ["Misaligned future goals"],
    callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
    onboardingCompleted: true,
    ...overrides,
  };
}

/** A woman interested in men and a man interested in women, otherwise alike: a candidate pair. */
function pair(aOverrides: Partial<MatchProfile> = {}, bOverrides: Partial<MatchProfile> = {}) {
  const a = person(aOverrides);
  const b = person({ id: 2, gender: "Man", interestedGenders: ["Women"], ...bOverrides });
  return [a, b] as const;
}

function callTimes(a: MatchCallPreferences | null, b: MatchCallPreferences | null): number {
  // Personality with everything but call times held identical isolates the call-time part.
  const [x, y] = pair({ callPreferences: a }, { callPreferences: b });
  const p = scorePair(x, y).breakdown.personality;
  return (
    (p - (100 - MATCH_WEIGHTS.personality.callTimes) / 100) / (MATCH_WEIGHTS.personality.callTimes / 100)
  );
}

describe("isCandidatePair", () => {
  it("accepts a pair that meets every rule, in both argument orders", () => {
    const [a, b] = pair();
    expect(isCandidatePair(a, b)).toBe(true);
    expect(isCandidatePair(b, a)).toBe(true);
  });

  it("excludes when the first person's gender is not among the second's interests", () => {
    const [a, b] = pair({}, { interestedGenders: ["Men", "Non-binary"] });
    expect(isCandidatePair(a, b)).toBe(false);
    expect(isCandidatePair(b, a)).toBe(false);
  });

  it("excludes when the second person's gender is not among the first's interests", () => {
    const [a, b] = pair({ interestedGenders: ["Women"] });
    expect(isCandidatePair(a, b)).toBe(false);
    expect(isCandidatePair(b, a)).toBe(false);
  });

  it("maps every gender to its interest option (Non-binary, Other)", () => {
    const [a, b] = pair(
      { gender: "Non-binary", interestedGenders: ["Other"] },
      { gender: "Other", interestedGenders: ["Non-binary"] },
    );
    expect(isCandidatePair(a, b)).toBe(true);
    const [c, d] = pair({ gender: "Non-binary", interestedGenders: ["Non-binary"] }, { gender: "Other" });
    expect(isCandidatePair(c, d)).toBe(false);
  });

  it("excludes missing or unknown genders and missing interests", () => {
    expect(isCandidatePair(...pair({ gender: null }))).toBe(false);
    expect(isCandidatePair(...pair({}, { gender: "Robot" }))).toBe(false);
    expect(isCandidatePair(...pair({ interestedGenders: null }))).toBe(false);
    expect(isCandidatePair(...pair({}, { interestedGenders: [] }))).toBe(false);
  });

  it("excludes when the first person is younger than the second's minimum", () => {
    const [a, b] = pair({ age: 24 }, { agePreferenceMin: 25, agePreferenceMax: 40 });
    expect(isCandidatePair(a, b)).toBe(false);
    expect(isCandidatePair(b, a)).toBe(false);
  });

  it("excludes when the first person is older than the second's maximum", () => {
    const [a, b] = pair({ age: 34, agePreferenceMax: 40 }, { agePreferenceMin: 25, agePreferenceMax: 33 });
    expect(isCandidatePair(a, b)).toBe(false);
    expect(isCandidatePair(b, a)).toBe(false);
  });

  it("excludes when the second person's age is outside the first's range, either side", () => {
    expect(isCandidatePair(...pair({ agePreferenceMin: 31 }, { age: 30 }))).toBe(false);
    expect(isCandidatePair(...pair({ agePreferenceMax: 29 }, { age: 30 }))).toBe(false);
  });

  it("counts the range bounds as inside", () => {
    expect(
      isCandidatePair(...pair({ age: 25 }, { age: 35, agePreferenceMin: 25, agePreferenceMax: 40 })),
    ).toBe(true);
  });

  it("reads a missing preference as 21–65", () => {
    const open = { agePreferenceMin: null, agePreferenceMax: null };
    expect(isCandidatePair(...pair(open, { age: 65, agePreferenceMax: 70 }))).toBe(true);
    expect(isCandidatePair(...pair(open, { age: 66, agePreferenceMax: 70 }))).toBe(false);
    expect(isCandidatePair(...pair({ age: 21, agePreferenceMin: 21 }, open))).toBe(true);
  });

  it("excludes a missing age and anyone under 21", () => {
    expect(isCandidatePair(...pair({ age: null }))).toBe(false);
    expect(isCandidatePair(...pair({ age: 20 }, { agePreferenceMin: 18 }))).toBe(false);
  });

  it("excludes a pair where either person has not finished onboarding", () => {
    expect(isCandidatePair(...pair({ onboardingCompleted: false }))).toBe(false);
    expect(isCandidatePair(...pair({}, { onboardingCompleted: false }))).toBe(false);
  });

  it("never pairs a person with themself", () => {
    const [a, b] = pair({}, { id: 1 });
    expect(isCandidatePair(a, b)).toBe(false);
  });
});

describe("scorePair", () => {
  it("gives identical answers, same city and well-centred ages full marks", () => {
    const [a, b] = pair();
    expect(scorePair(a, b)).toEqual({
      compatibility: 100,
      breakdown: { personality: 1, location: 1, age: 1 },
    });
  });

  it("gives opposite profiles a low score, below the minimum", () => {
    const a = person({
      age: 25,
      agePreferenceMin: 21,
      agePreferenceMax: 30,
      location: "Aberdeen",
      communicationStyle: "Direct and straightforward",
      values: "Loyalty and commitment",
      conflictResolution: "Address issues immediately with direct communication",
      loveLanguage: "Physical touch",
      relationshipPace: "Taking things slowly and building friendship first",
      freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"],
      dealbreakers: ["Different lifestyle habits"],
      callPreferences: { weekdays: [{ start: "07:00", end: "09:00" }], weekends: [], notAvailable: [] },
    });
    const b = person({
      id: 2,
      age: 40,
      agePreferenceMin: 30,
      agePreferenceMax: 50,
      location: "Plymouth",
      communicationStyle: "Diplomatic and gentle",
      values: "Independence and freedom",
      conflictResolution: "Prefer to move on quickly without dwelling on issues",
      loveLanguage: "Thoughtful gifts",
      relationshipPace: "Diving deep quickly to establish emotional connection",
      freeTimeActivities: ["Reading and learning new things", "Movies, TV shows, and entertainment"],
      dealbreakers: ["Incompatible financial attitudes"],
      callPreferences: { weekdays: [], weekends: [{ start: "20:00", end: "23:00" }], notAvailable: [] },
    });
    const s = scorePair(a, b);
    expect(s.breakdown.personality).toBe(0);
    expect(s.breakdown.location).toBeLessThan(0.02);
    expect(s.compatibility).toBeLessThan(15);
    expect(s.compatibility).toBeLessThan(MIN_MATCH_COMPATIBILITY);
  });

  it("counts shared deal breakers as alignment", () => {
    const shared = scorePair(
      ...pair({ dealbreakers: ["Misaligned future goals"] }, { dealbreakers: ["Misaligned future goals"] }),
    );
    const partly = scorePair(
      ...pair(
        { dealbreakers: ["Misaligned future goals"] },
        { dealbreakers: ["Misaligned future goals", "Different social needs"] },
      ),
    );
    const none = scorePair(
      ...pair({ dealbreakers: ["Misaligned future goals"] }, { dealbreakers: ["Different social needs"] }),
    );
    expect(shared.breakdown.personality).toBeGreaterThan(partly.breakdown.personality);
    expect(partly.breakdown.personality).toBeGreaterThan(none.breakdown.personality);
    expect(shared.compatibility).toBeGreaterThan(none.compatibility);
  });

  it("ranks same city above a nearby city above a far one", () => {
    const at = (city: string) => scorePair(...pair({ location: "London" }, { location: city }));
    const same = at("London");
    const near = at("Reading");
    const far = at("Aberdeen");
    expect(same.breakdown.location).toBe(1);
    expect(near.breakdown.location).toBeLessThan(1);
    expect(near.breakdown.location).toBeGreaterThan(far.breakdown.location);
    expect(same.compatibility).toBeGreaterThan(near.compatibility);
    expect(near.compatibility).toBeGreaterThan(far.compatibility);
  });

  it("reads city names case-insensitively and treats unknown places as neutral", () => {
    expect(scorePair(...pair({ location: "london " }, { location: "London" })).breakdown.location).toBe(1);
    expect(scorePair(...pair({ location: "Atlantis" }, { location: "London" })).breakdown.location).toBe(0.5);
    expect(scorePair(...pair({ location: "Atlantis" }, { location: "atlantis" })).breakdown.location).toBe(1);
    expect(scorePair(...pair({ location: null })).breakdown.location).toBe(0.5);
  });

  it("credits compatible-though-different answers, symmetrically", () => {
    const conflict = (x: string, y: string) =>
      scorePair(...pair({ conflictResolution: x }, { conflictResolution: y })).breakdown.personality;
    const process = "Take time to process before discussing calmly";
    const listen = "Listen first, then share my perspective";
    const direct = "Address issues immediately with direct communication";
    const moveOn = "Prefer to move on quickly without dwelling on issues";
    expect(conflict(process, listen)).toBeGreaterThan(conflict(direct, moveOn));
    expect(conflict(process, listen)).toBe(conflict(listen, process));
    expect(conflict(process, listen)).toBeLessThan(conflict(listen, listen));

    const pace = (x: string, y: string) =>
      scorePair(...pair({ relationshipPace: x }, { relationshipPace: y })).breakdown.personality;
    const moderate = "Moderate pace with regular communication";
    const intuition = "Following intuition rather than a set timeline";
    const slow = "Taking things slowly and building friendship first";
    const deep = "Diving deep quickly to establish emotional connection";
    expect(pace(moderate, intuition)).toBeGreaterThan(pace(slow, deep));
  });

  it("keeps every affinity strictly between a mismatch and a match", () => {
    for (const list of Object.values(ANSWER_AFFINITIES)) {
      for (const [x, y, credit] of list) {
        expect(x).not.toBe(y);
        expect(credit).toBeGreaterThan(0);
        expect(credit).toBeLessThan(1);
      }
    }
  });

  it("scores activities by how much they overlap", () => {
    const act = (y: string[]) =>
      scorePair(
        ...pair(
          { freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"] },
          { freeTimeActivities: y },
        ),
      ).breakdown.personality;
    expect(act(["Outdoor activities and nature", "Sports and fitness"])).toBeGreaterThan(
      act(["Outdoor activities and nature", "Reading and learning new things"]),
    );
    expect(act(["Outdoor activities and nature", "Reading and learning new things"])).toBeGreaterThan(
      act(["Reading and learning new things"]),
    );
  });

  it("scores call-time overlap", () => {
    const evenings = { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] };
    const mornings = { weekdays: [{ start: "07:00", end: "09:00" }], weekends: [], notAvailable: [] };
    const lateEvenings = { weekdays: [{ start: "20:00", end: "22:00" }], weekends: [], notAvailable: [] };
    const flexible = { weekdays: [], weekends: [], notAvailable: [] };
    const never = { weekdays: [], weekends: [], notAvailable: [...DAY_NAMES] };
    expect(callTimes(evenings, evenings)).toBeCloseTo(1, 6);
    expect(callTimes(evenings, mornings)).toBeCloseTo(0, 6);
    // 1 shared hour on 5 weekdays of the 10 hours the less-available person offers.
    expect(callTimes(evenings, lateEvenings)).toBeCloseTo(0.5, 6);
    expect(callTimes(flexible, evenings)).toBeCloseTo(1, 6);
    expect(callTimes(flexible, never)).toBeCloseTo(0, 6);
    // Not available on the only days the other offers.
    const weekendsOnly = { weekdays: [], weekends: [{ start: "10:00", end: "18:00" }], notAvailable: [] };
    const offWeekends = { weekdays: [], weekends: [], notAvailable: ["saturday", "sunday"] };
    expect(callTimes(weekendsOnly, offWeekends)).toBeCloseTo(0, 6);
    // Never set reads as the app's default, 09:00–21:00 every day.
    const daytime = {
      weekdays: [{ start: "09:00", end: "21:00" }],
      weekends: [{ start: "09:00", end: "21:00" }],
      notAvailable: [],
    };
    expect(callTimes(null, daytime)).toBeCloseTo(1, 6);
    expect(callTimes(null, mornings)).toBeCloseTo(0, 6);
  });

  it("prefers ages centred in each other's range and a smaller gap", () => {
    const centred = scorePair(...pair({ age: 30 }, { age: 30 })).breakdown.age;
    const edge = scorePair(...pair({ age: 30 }, { age: 35 })).breakdown.age;
    const wider = scorePair(
      ...pair({ age: 30, agePreferenceMax: 45 }, { age: 42, agePreferenceMin: 25, agePreferenceMax: 45 }),
    ).breakdown.age;
    expect(centred).toBe(1);
    expect(edge).toBeLessThan(centred);
    expect(wider).toBeLessThan(edge);
  });

  it("does not depend on what was scored before (shared scratch state)", () => {
    const [a, b] = pair();
    const first = scorePair(a, b);
    scorePair(
      ...pair(
        { callPreferences: null },
        { callPreferences: { weekdays: [], weekends: [], notAvailable: [] } },
      ),
    );
    expect(scorePair(a, b)).toEqual(first);
  });

  it("has weights that add up to 100 in each group", () => {
    const sum = (o: Record<string, number>) => Object.values(o).reduce((x, y) => x + y, 0);
    expect(sum(MATCH_WEIGHTS.overall)).toBe(100);
    expect(sum(MATCH_WEIGHTS.personality)).toBe(100);
    expect(MATCH_WEIGHTS.age.gap + 2 * MATCH_WEIGHTS.age.fitEachWay).toBe(100);
  });
});

describe("distanceKm", () => {
  it("measures great-circle distance between two of the cities", () => {
    expect(distanceKm("London", "London")).toBe(0);
    expect(distanceKm("London", "Edinburgh")).toBeGreaterThan(525);
    expect(distanceKm("London", "Edinburgh")).toBeLessThan(540);
    expect(distanceKm("Leeds", "Bradford")).toBeLessThan(20);
    expect(distanceKm("Edinburgh", "London")).toBe(distanceKm("London", "Edinburgh"));
    expect(distanceKm("newcastle upon tyne", "York")).toBe(distanceKm("Newcastle upon Tyne", "York"));
  });

  it("returns null for a place that is not one of the cities", () => {
    expect(distanceKm("London", "Paris")).toBeNull();
    expect(distanceKm(null, "London")).toBeNull();
  });

  it("is symmetric for every pair of cities", () => {
    for (const x of CITY_NAMES) for (const y of CITY_NAMES) expect(distanceKm(x, y)).toBe(distanceKm(y, x));
  });
});

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
