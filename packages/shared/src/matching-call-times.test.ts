import { describe, expect, it } from "vitest";
import { scorePair } from "./matching.ts";
import type { MatchCallPreferences } from "./matching-call-times.ts";
import { MATCH_WEIGHTS } from "./matching-weights.ts";
import { DAY_NAMES } from "./options.ts";
import { pair } from "./test-fixtures.ts";

function callTimes(a: MatchCallPreferences | null, b: MatchCallPreferences | null): number {
  // Personality with everything but call times held identical isolates the call-time part.
  const [x, y] = pair({ callPreferences: a }, { callPreferences: b });
  const p = scorePair(x, y).breakdown.personality;
  return (
    (p - (100 - MATCH_WEIGHTS.personality.callTimes) / 100) / (MATCH_WEIGHTS.personality.callTimes / 100)
  );
}

describe("scorePair", () => {
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
});
