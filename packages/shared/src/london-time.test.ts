import { describe, expect, it } from "vitest";
import { londonDayBounds, londonWallTimeToInstant } from "./london-time.ts";

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

describe("londonDayBounds", () => {
  it("is midnight to midnight in London, whatever the process time zone", () => {
    expect(londonDayBounds(new Date("2026-01-15T23:30:00Z"))).toEqual({
      start: new Date("2026-01-15T00:00:00Z"),
      end: new Date("2026-01-16T00:00:00Z"),
    });
    // Summer: London is UTC+1, so 23:30 UTC is already the next London day.
    expect(londonDayBounds(new Date("2026-07-15T23:30:00Z"))).toEqual({
      start: new Date("2026-07-15T23:00:00Z"),
      end: new Date("2026-07-16T23:00:00Z"),
    });
  });

  it("answers each instant with its own day, asked in any order", () => {
    const day = (iso: string) => londonDayBounds(new Date(iso)).start.toISOString();
    expect(day("2026-01-15T12:00:00Z")).toBe("2026-01-15T00:00:00.000Z");
    expect(day("2026-01-15T23:59:59.999Z")).toBe("2026-01-15T00:00:00.000Z");
    expect(day("2026-01-16T00:00:00Z")).toBe("2026-01-16T00:00:00.000Z");
    expect(day("2026-01-15T00:00:00Z")).toBe("2026-01-15T00:00:00.000Z");
    expect(day("2026-01-14T23:59:59.999Z")).toBe("2026-01-14T00:00:00.000Z");
  });

  it("has 23 hours on the spring clock change and 25 on the autumn one", () => {
    const spring = londonDayBounds(new Date("2026-03-29T12:00:00Z"));
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = londonDayBounds(new Date("2026-10-25T12:00:00Z"));
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });
});
