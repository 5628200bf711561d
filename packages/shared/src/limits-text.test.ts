import { describe, expect, it } from "vitest";
import {
  callsTodayText,
  dailyLimitReached,
  dailyLimitText,
  planLimitLines,
  resetTimeText,
  unlockProgressText,
} from "./limits-text.ts";

// Winter London midnight is 00:00 UTC; summer London midnight is 23:00 UTC the day before.
const WINTER_MIDNIGHT = "2026-11-28T00:00:00.000Z";
const SUMMER_MIDNIGHT = "2026-07-15T23:00:00.000Z";

describe("resetTimeText", () => {
  it("says midnight for London's midnight, in winter and in summer", () => {
    expect(resetTimeText(WINTER_MIDNIGHT)).toBe("midnight");
    expect(resetTimeText(SUMMER_MIDNIGHT)).toBe("midnight");
  });

  it("says the London time otherwise", () => {
    // 00:00 UTC in summer is 1:00 AM in London, not midnight.
    expect(resetTimeText("2026-07-16T00:00:00.000Z")).toBe("1:00 AM");
    expect(resetTimeText("2026-11-28T13:30:00.000Z")).toBe("1:30 PM");
  });
});

describe("dailyLimitText", () => {
  it("is the one sentence of a reached limit", () => {
    expect(dailyLimitText({ used: 2, limit: 2, resetsAt: WINTER_MIDNIGHT })).toBe(
      "2 of 2 calls today · next from midnight",
    );
    expect(dailyLimitText({ used: 5, limit: 5, resetsAt: SUMMER_MIDNIGHT })).toBe(
      "5 of 5 calls today · next from midnight",
    );
  });

  it("never reads more used than the limit (after a downgrade)", () => {
    expect(dailyLimitText({ used: 3, limit: 2, resetsAt: WINTER_MIDNIGHT })).toBe(
      "2 of 2 calls today · next from midnight",
    );
  });
});

describe("callsTodayText", () => {
  it("counts the day's calls against the plan", () => {
    expect(callsTodayText({ used: 1, limit: 2 })).toBe("Calls today: 1 of 2");
    expect(callsTodayText({ used: 0, limit: 3 })).toBe("Calls today: 0 of 3");
  });
});

describe("dailyLimitReached", () => {
  const used = { used: 2, limit: 2, remaining: 0, resetsAt: WINTER_MIDNIGHT };
  it("holds until the reset", () => {
    expect(dailyLimitReached(used, new Date("2026-11-27T23:59:59Z"))).toBe(true);
    expect(dailyLimitReached(used, new Date(WINTER_MIDNIGHT))).toBe(false);
  });

  it("is false while calls remain", () => {
    expect(dailyLimitReached({ ...used, used: 1, remaining: 1 }, new Date("2026-11-27T12:00:00Z"))).toBe(
      false,
    );
  });
});

describe("unlockProgressText", () => {
  const free = { isChatUnlocked: false, arePhotosRevealed: false, photosRevealAfterCalls: 3 };

  it("walks a Free pair up the ladder: chat, then photos", () => {
    expect(unlockProgressText({ ...free, callCount: 0 })).toBe("2 more calls until chat · 3 until photos");
    expect(unlockProgressText({ ...free, callCount: 1 })).toBe("1 more call until chat · 2 until photos");
    expect(unlockProgressText({ ...free, callCount: 2, isChatUnlocked: true })).toBe(
      "1 more call until photos",
    );
    expect(
      unlockProgressText({ ...free, callCount: 3, isChatUnlocked: true, arePhotosRevealed: true }),
    ).toBeNull();
  });

  it("joins unlocks that come with the same call (Premium: photos after 2)", () => {
    expect(unlockProgressText({ ...free, photosRevealAfterCalls: 2, callCount: 1 })).toBe(
      "1 more call until chat and photos",
    );
  });

  it("puts the nearer unlock first (Elite: photos after 1)", () => {
    expect(unlockProgressText({ ...free, photosRevealAfterCalls: 1, callCount: 0 })).toBe(
      "1 more call until photos · 2 until chat",
    );
    expect(
      unlockProgressText({ ...free, photosRevealAfterCalls: 1, callCount: 1, arePhotosRevealed: true }),
    ).toBe("1 more call until chat");
  });

  it("follows the server's flags: a step it has not unlocked is at least one call away", () => {
    expect(unlockProgressText({ ...free, callCount: 4, isChatUnlocked: true })).toBe(
      "1 more call until photos",
    );
  });
});

describe("planLimitLines", () => {
  it("lists calls per day and photos after N calls", () => {
    expect(planLimitLines({ callsPerDay: 2, revealAfterCalls: 3 })).toEqual([
      "Up to 2 calls a day",
      "Photos revealed after 3 calls",
    ]);
    expect(planLimitLines({ callsPerDay: 5, revealAfterCalls: 1 })).toEqual([
      "Up to 5 calls a day",
      "Photos revealed after 1 call",
    ]);
  });
});
