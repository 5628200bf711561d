import { describe, expect, it } from "vitest";
import { CALL_LADDER_SECONDS, callLadderLine, callLengthSeconds, LATER_CALL_SECONDS } from "./call-ladder.ts";
import { PLANS } from "./plans.ts";

describe('the call ladder (DECISIONS "Calls")', () => {
  it("is 300, 600, 1200 s, then 1800 s for premium and elite and 1200 s for basic", () => {
    expect(CALL_LADDER_SECONDS).toEqual([300, 600, 1200]);
    expect([1, 2, 3, 4, 9].map((day) => callLengthSeconds(day, "premium"))).toEqual([
      300, 600, 1200, 1800, 1800,
    ]);
    expect(callLengthSeconds(4, "elite")).toBe(1800);
    expect(callLengthSeconds(4, "basic")).toBe(1200);
    expect(callLengthSeconds(4, "unknown plan")).toBe(1200);
  });

  it("makes premium's advertised 'Extended calls' true: its later calls outlast the third and basic's", () => {
    expect(PLANS.premium.features).toContain("Extended calls");
    expect(LATER_CALL_SECONDS.premium).toBeGreaterThan(CALL_LADDER_SECONDS[2]);
    expect(LATER_CALL_SECONDS.premium).toBeGreaterThan(LATER_CALL_SECONDS.basic);
  });

  it("writes each plan's calls from the same table", () => {
    expect(callLadderLine("basic")).toBe("Calls of 5, 10, then 20 minutes");
    expect(callLadderLine("premium")).toBe("Calls of 5, 10, 20, then 30 minutes");
    expect(callLadderLine("elite")).toBe("Calls of 5, 10, 20, then 30 minutes");
  });
});
