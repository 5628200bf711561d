import { describe, expect, it } from "vitest";
import { clockOffsetMs, formatMmSs, inFinalWarning, secondsLeft } from "./countdown";

describe("call countdown", () => {
  it("measures the server's clock against the browser's", () => {
    const at = Date.parse("2026-03-01T12:00:00.000Z");
    expect(clockOffsetMs("2026-03-01T12:00:05.000Z", at)).toBe(5_000);
    expect(clockOffsetMs("2026-03-01T11:59:58.500Z", at)).toBe(-1_500);
    expect(clockOffsetMs("not a date", at)).toBe(0);
  });

  it("counts down to the server's deadline, not the browser's idea of it", () => {
    const browserNow = Date.parse("2026-03-01T12:00:00.000Z");
    const deadline = Date.parse("2026-03-01T12:05:00.000Z");
    // The browser is 10 s slow: the server says it is already 12:00:10.
    expect(secondsLeft(deadline, 10_000, browserNow)).toBe(290);
    // The browser is 10 s fast.
    expect(secondsLeft(deadline, -10_000, browserNow)).toBe(310);
    expect(secondsLeft(deadline, 0, browserNow)).toBe(300);
  });

  it("rounds part-seconds up and never goes below zero", () => {
    const deadline = 100_000;
    expect(secondsLeft(deadline, 0, 99_001)).toBe(1);
    expect(secondsLeft(deadline, 0, 100_000)).toBe(0);
    expect(secondsLeft(deadline, 0, 160_000)).toBe(0);
  });

  it("formats mm:ss", () => {
    expect(formatMmSs(300)).toBe("05:00");
    expect(formatMmSs(61)).toBe("01:01");
    expect(formatMmSs(9)).toBe("00:09");
    expect(formatMmSs(0)).toBe("00:00");
    expect(formatMmSs(1800)).toBe("30:00");
    expect(formatMmSs(-4)).toBe("00:00");
  });

  it("shows the 30-second notice from the server's warning or from the clock", () => {
    expect(inFinalWarning(31, false)).toBe(false);
    expect(inFinalWarning(30, false)).toBe(true);
    expect(inFinalWarning(200, true)).toBe(true);
  });
});
