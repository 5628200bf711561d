import { describe, expect, it } from "vitest";
import { birthBounds, isSelectableBirthday, yearPageCount, yearPageOf, yearsOnPage } from "./birth-dates";

// 21 November 2026, midday in London.
const NOW = new Date("2026-11-21T12:00:00Z");

describe("the birth-year grid", () => {
  const latest = birthBounds(NOW).latestYear;

  it("runs from 1900 to the year 21 years ago, 24 years a page, the latest page full", () => {
    expect(latest).toBe(2005);
    const pages = Array.from({ length: yearPageCount(latest) }, (_, p) => yearsOnPage(p, latest));
    expect(pages.flat()).toEqual(Array.from({ length: 2005 - 1900 + 1 }, (_, i) => 1900 + i));
    expect(pages.at(-1)).toHaveLength(24);
    expect(pages.at(-1)?.[0]).toBe(1982);
    expect(pages[0]?.[0]).toBe(1900);
    expect(pages.every((page) => page.length <= 24)).toBe(true);
  });

  it("opens on the page holding a year", () => {
    expect(yearsOnPage(yearPageOf(1990, latest), latest)).toContain(1990);
    expect(yearsOnPage(yearPageOf(1981, latest), latest)).toContain(1981);
    expect(yearsOnPage(yearPageOf(1900, latest), latest)).toContain(1900);
    expect(yearPageOf(2005, latest)).toBe(yearPageCount(latest) - 1);
  });
});

describe("selectable birthdays", () => {
  it("stops at exactly 21 years ago and never offers the future", () => {
    expect(isSelectableBirthday("2005-11-21", NOW)).toBe(true);
    expect(isSelectableBirthday("2005-11-22", NOW)).toBe(false);
    expect(isSelectableBirthday("2026-12-01", NOW)).toBe(false);
  });

  it("offers no age over 100, which the server would refuse", () => {
    expect(isSelectableBirthday("1925-11-22", NOW)).toBe(true);
    expect(isSelectableBirthday("1925-11-21", NOW)).toBe(false);
    expect(isSelectableBirthday("1900-01-01", NOW)).toBe(false);
  });

  it("bounds the calendar's months to those holding a selectable day", () => {
    const bounds = birthBounds(NOW);
    expect(bounds.latest.getFullYear()).toBe(2005);
    expect(bounds.latest.getMonth()).toBe(10);
    expect(bounds.earliest.getFullYear()).toBe(1925);
  });
});
