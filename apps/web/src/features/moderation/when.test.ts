import { describe, expect, it } from "vitest";
import { formatDay } from "./when";

describe("formatDay", () => {
  it("reads a bare date as that day on any clock", () => {
    // Vitest runs in Pacific/Auckland: a bare date parsed as UTC midnight would still be the 1st there,
    // but 30 April west of Greenwich; noon local time is that day everywhere.
    expect(formatDay("1990-05-01")).toBe("1 May 1990");
  });

  it("formats a full timestamp's day", () => {
    expect(formatDay("2026-01-15T10:00:00.000Z")).toBe("15 Jan 2026");
  });
});
