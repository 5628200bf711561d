import { describe, expect, it } from "vitest";
import { formatCallTime } from "./call-time";

describe("formatCallTime", () => {
  it("writes the London date and time, in winter and in summer, whatever the browser's zone", () => {
    expect(formatCallTime("2026-01-15T18:05:00.000Z")).toEqual({ date: "Jan 15, 2026", time: "6:05 PM" });
    expect(formatCallTime("2026-07-15T23:30:00.000Z")).toEqual({ date: "Jul 16, 2026", time: "12:30 AM" });
    expect(formatCallTime("2026-12-31T12:00:00.000Z")).toEqual({ date: "Dec 31, 2026", time: "12:00 PM" });
  });

  it("refuses a time that is not one", () => {
    expect(() => formatCallTime("soon")).toThrow(RangeError);
  });
});
