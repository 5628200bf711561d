import { describe, expect, it } from "vitest";
import { londonDayBounds, londonWallClock, londonWallTimeToInstant } from "./london-time.ts";

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

describe("londonWallClock", () => {
  it("is the time zone database's London clock: twice a day, and around each clock change, 1996 to 2100", () => {
    const database = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hourCycle: "h23",
      ...{ year: "numeric", month: "numeric", day: "numeric", weekday: "short" },
      ...{ hour: "numeric", minute: "numeric", second: "numeric" },
    });
    const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const instants: number[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      instants.push(t + 1_800_000, t + 43_200_000);
    }
    for (let year = 1996; year <= 2100; year++) {
      for (const month of [2, 9]) {
        // 01:00 UTC on the last Sunday of March and of October, and either side of it.
        const last = new Date(Date.UTC(year, month + 1, 0, 1));
        const change = last.getTime() - last.getUTCDay() * 86_400_000;
        instants.push(change - 3_600_000, change - 1, change, change + 3_600_000);
      }
    }
    const wrong: string[] = [];
    for (const t of instants) {
      const at = new Date(t);
      const p = Object.fromEntries(database.formatToParts(at).map(({ type, value }) => [type, value]));
      const weekday = weekdays.indexOf(p.weekday ?? "");
      const expected = [p.year, p.month, p.day, weekday, p.hour, p.minute, p.second].map(Number).join();
      const c = londonWallClock(at);
      const actual = [c.year, c.month, c.day, c.weekday, c.hour, c.minute, c.second].join();
      if (actual !== expected) wrong.push(`${at.toISOString()}: ${actual}, not ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an invalid date", () => {
    expect(() => londonWallClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});
