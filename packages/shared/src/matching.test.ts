import { describe, expect, it } from "vitest";
import { isCandidatePair, type MatchProfile, MIN_MATCH_COMPATIBILITY, scorePair } from "./matching.ts";
import { MATCH_WEIGHTS } from "./matching-weights.ts";
import { pair, person } from "./test-fixtures.ts";
import type { SelfUser } from "./user.ts";

// Compile-time: the signed-in user's record is a MatchProfile as it stands.
const _selfUserIsAMatchProfile = (u: SelfUser): MatchProfile => u;
void _selfUserIsAMatchProfile;

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

  it("has weights that add up to 100 in each group", () => {
    const sum = (o: Record<string, number>) => Object.values(o).reduce((x, y) => x + y, 0);
    expect(sum(MATCH_WEIGHTS.overall)).toBe(100);
    expect(sum(MATCH_WEIGHTS.personality)).toBe(100);
    expect(MATCH_WEIGHTS.age.gap + 2 * MATCH_WEIGHTS.age.fitEachWay).toBe(100);
  });
});
