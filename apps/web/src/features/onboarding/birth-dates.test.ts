import { describe, expect, it } from "vitest";
import { birthBounds, isSelectableBirthday, yearPageOf, yearPages } from "./birth-dates";

// 21 November 2026, midday in London.
const NOW = new Date("2026-11-21T12:00:00Z");

describe("the birth-year grid", () => {
  const bounds = birthBounds(NOW);
  const pages = yearPages(bounds.earliest.getFullYear(), bounds.latestYear);

  it("runs from the earliest year with a selectable birthday to the year 21 years ago", () => {
    expect(bounds.latestYear).toBe(2005);
    expect(pages.flat()).toEqual(Array.from({ length: 2005 - 1925 + 1 }, (_, i) => 1925 + i));
    // Every year shown holds a selectable day: none is disabled.
    expect(pages.flat().every((year) => year >= bounds.earliest.getFullYear())).toBe(true);
  });

  it("shares the years out evenly, at most 24 to a page: no page mostly empty", () => {
    expect(pages.map((page) => page.length)).toEqual([20, 20, 20, 21]);
    for (const [first, last] of [
      [1925, 2005],
      [1900, 1924],
      [1980, 2005],
      [1990, 2005],
      [1925, 1996],
    ] as const) {
      const sizes = yearPages(first, last).map((page) => page.length);
      expect(
        sizes.reduce((a, b) => a + b, 0),
        `${first}-${last}`,
      ).toBe(last - first + 1);
      expect(Math.max(...sizes), `${first}-${last}`).toBeLessThanOrEqual(24);
      expect(Math.max(...sizes) - Math.min(...sizes), `${first}-${last}`).toBeLessThanOrEqual(1);
    }
    expect(yearPages(1800, 2005)[0]?.[0]).toBe(1900);
  });

  it("opens on the page holding a year, else the latest", () => {
    expect(pages[yearPageOf(pages, 1990)]).toContain(1990);
    expect(pages[yearPageOf(pages, 1925)]).toContain(1925);
    expect(yearPageOf(pages, 2005)).toBe(pages.length - 1);
    expect(yearPageOf(pages, 1910)).toBe(pages.length - 1);
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
