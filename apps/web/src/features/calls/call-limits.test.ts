import { lengthText, ordinal } from "@kindred/shared/call-ladder";
import { describe, expect, it } from "vitest";
import { limitsExplanation } from "./call-limits";

const base = {
  callCount: 0,
  photosRevealAfterCalls: 3,
  isChatUnlocked: false,
  arePhotosRevealed: false,
  callerPlan: "basic",
};

describe("the call page's explanation of limits", () => {
  it("states the shared ladder: 5, 10, 20, then 30 on Premium or Elite and 20 otherwise", () => {
    const { ladder } = limitsExplanation(base);
    expect(ladder).toEqual([
      "First call: 5 minutes",
      "Second call: 10 minutes",
      "Third call: 20 minutes",
      "From the fourth call: 30 minutes when the caller is on Premium or Elite, 20 minutes when the caller is on Free",
    ]);
  });

  it("says how long this pair's next call is", () => {
    expect(limitsExplanation(base).next).toBe("This is your first call together: 5 minutes.");
    expect(limitsExplanation({ ...base, callCount: 1 }).next).toBe(
      "This is your second call together: 10 minutes.",
    );
    expect(limitsExplanation({ ...base, callCount: 3, callerPlan: "elite" }).next).toBe(
      "This is your fourth call together: 30 minutes.",
    );
    expect(limitsExplanation({ ...base, callCount: 4, callerPlan: "basic" }).next).toBe(
      "This is your fifth call together: 20 minutes.",
    );
    expect(limitsExplanation({ ...base, callCount: 3, callerPlan: null }).next).toBe(
      "This is your fourth call together: its length depends on the caller's plan.",
    );
  });

  it("states this match's unlocks: messaging after the second call, photos after the pair's N", () => {
    expect(limitsExplanation(base).unlocks).toEqual([
      "Messaging unlocks after your second call.",
      "Photos are revealed after your third call.",
    ]);
    expect(limitsExplanation({ ...base, photosRevealAfterCalls: 1 }).unlocks[1]).toBe(
      "Photos are revealed after your first call.",
    );
    expect(
      limitsExplanation({ ...base, callCount: 3, isChatUnlocked: true, arePhotosRevealed: true }).unlocks,
    ).toEqual(["Messaging is unlocked for you two.", "Your photos are revealed to each other."]);
  });

  it("says when a call counts", () => {
    expect(limitsExplanation(base).counting).toBe(
      "A call counts once it has lasted a minute or run to its limit.",
    );
  });

  it("words numbers and lengths", () => {
    expect([1, 2, 3, 4, 11].map(ordinal)).toEqual(["first", "second", "third", "fourth", "11th"]);
    expect([300, 60, 90].map(lengthText)).toEqual(["5 minutes", "1 minute", "90 seconds"]);
  });
});
