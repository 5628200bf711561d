import { describe, expect, it } from "vitest";
import { londonWallTimeToInstant } from "./london-time.ts";

describe("londonWallTimeToInstant", () => {
  it("reads winter times as GMT and summer times as BST", () => {
    expect(londonWallTimeToInstant("2026-01-15", "09:00")?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(londonWallTimeToInstant("2026-07-15", "09:00")?.toISOString()).toBe("2026-07-15T08:00:00.000Z");
  });

  it("handles the days of the clock changes", () => {
    expect(londonWallTimeToInstant("2026-03-29", "12:00")?.toISOString()).toBe("2026-03-29T11:00:00.000Z");
    expect(londonWallTimeToInstant("2026-10-25", "12:00")?.toISOString()).toBe("2026-10-25T12:00:00.000Z");
  });

  it("refuses dates that do not exist", () => {
    expect(londonWallTimeToInstant("2026-02-30", "09:00")).toBeNull();
    expect(londonWallTimeToInstant("2026-03-29", "01:30")).toBeNull();
  });
});
