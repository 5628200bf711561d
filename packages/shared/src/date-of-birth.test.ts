import { describe, expect, it } from "vitest";
import { ageFromDateOfBirth } from "./date-of-birth.ts";
import { today } from "./test-fixtures.ts";

describe("ageFromDateOfBirth", () => {
  it("counts whole years on the London calendar", () => {
    expect(ageFromDateOfBirth("2004-06-11", today)).toBe(21);
    expect(ageFromDateOfBirth("2004-06-12", today)).toBe(20);
    expect(ageFromDateOfBirth("1990-12-31", today)).toBe(34);
    // 23:30 UTC on 10 June is already 11 June in London (BST).
    expect(ageFromDateOfBirth("2004-06-11", new Date("2025-06-10T23:30:00Z"))).toBe(21);
    expect(ageFromDateOfBirth("2004-06-11", new Date("2025-06-10T22:30:00Z"))).toBe(20);
  });

  it("lets a 29 February birthday count from 1 March in other years", () => {
    expect(ageFromDateOfBirth("2004-02-29", new Date("2025-02-28T12:00:00Z"))).toBe(20);
    expect(ageFromDateOfBirth("2004-02-29", new Date("2025-03-01T12:00:00Z"))).toBe(21);
  });

  it("refuses a malformed date", () => {
    expect(() => ageFromDateOfBirth("2004-02-30", today)).toThrow(RangeError);
    expect(() => ageFromDateOfBirth("11/06/2004", today)).toThrow(RangeError);
  });
});
