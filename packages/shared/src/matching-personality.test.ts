import { describe, expect, it } from "vitest";
import { scorePair } from "./matching.ts";
import { ANSWER_AFFINITIES } from "./matching-weights.ts";
import { pair } from "./test-fixtures.ts";

describe("scorePair", () => {
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
    // Five answer tables, each with affinities: an empty table would make the loop below vacuous.
    expect(Object.values(ANSWER_AFFINITIES).map((list) => list.length > 0)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
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
});
