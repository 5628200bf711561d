import { describe, expect, it } from "vitest";
import { scheduledSlotText, scheduleRefreshDelayMs } from "./matches.ts";

describe("scheduledSlotText", () => {
  // Thursday 11 December 2025, 15:00 in London (GMT).
  const now = new Date("2025-12-11T15:00:00Z");

  it("names the weekday and the London time of a slot within the week", () => {
    expect(scheduledSlotText("2025-12-12T10:00:00Z", now)).toBe("Scheduled: Fri 10:00 AM (UK time)");
    expect(scheduledSlotText("2025-12-11T20:00:00Z", now)).toBe("Scheduled: Thu 8:00 PM (UK time)");
  });

  it("reads the London clock in summer time", () => {
    expect(scheduledSlotText("2026-06-05T09:00:00Z", new Date("2026-06-01T12:00:00Z"))).toBe(
      "Scheduled: Fri 10:00 AM (UK time)",
    );
  });

  it("adds the date to a slot a week or more ahead", () => {
    expect(scheduledSlotText("2025-12-18T12:00:00Z", now)).toBe("Scheduled: Thu 18 Dec, 12:00 PM (UK time)");
  });
});

describe("scheduleRefreshDelayMs", () => {
  const schedule = { at: "", proposedBy: "me", accepted: false, canJoin: false } as const;
  it("asks again just after the window changes, and at least every 6 hours", () => {
    expect(scheduleRefreshDelayMs({ ...schedule, changesInMs: 60_000 })).toBe(61_000);
    expect(scheduleRefreshDelayMs({ ...schedule, changesInMs: 80 * 86_400_000 })).toBe(6 * 3_600_000);
  });
});
