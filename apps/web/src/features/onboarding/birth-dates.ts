// Which birthdays the picker offers: DECISIONS "Ages" forbids offering a value the server then rejects, so
// the year grid starts at the earliest year with a selectable day (SPEC §2's 1900 at the earliest), and
// days that give an age outside 21–100 are shown but disabled.

import { londonClock } from "@kindred/shared/availability";
import { AGE_MAX, AGE_MIN, YEAR_PICKER_EARLIEST, YEAR_PICKER_PAGE_SIZE } from "@kindred/shared/constants";
import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { addDays, format, parse, startOfMonth, subYears } from "date-fns";

export const ISO_DAY = "yyyy-MM-dd";

export interface BirthBounds {
  /** The earliest and latest selectable birthdays. */
  earliest: Date;
  latest: Date;
  /** The year grid runs to this year (the year 21 years ago). */
  latestYear: number;
}

export function birthBounds(now: Date = new Date()): BirthBounds {
  const today = parse(londonClock(now).date, ISO_DAY, now);
  const latest = subYears(today, AGE_MIN);
  return { earliest: addDays(subYears(today, AGE_MAX + 1), 1), latest, latestYear: latest.getFullYear() };
}

export function isSelectableBirthday(iso: string, now: Date = new Date()): boolean {
  if (iso > londonClock(now).date) return false;
  const age = ageFromDateOfBirth(iso, now);
  return age >= AGE_MIN && age <= AGE_MAX;
}

export function toIsoDay(date: Date): string {
  return format(date, ISO_DAY);
}

export function fromIsoDay(iso: string): Date {
  return parse(iso, ISO_DAY, new Date());
}

// The grid starts at the earliest year that still holds a selectable birthday (under the 100-year cap
// 1900–1925 hold none, so a grid from 1900 opened on pages of disabled years), and its pages share the
// years out evenly, at most 24 to a page: no page is mostly empty.

/** The grid's years, first to last, cut into balanced pages of at most YEAR_PICKER_PAGE_SIZE. */
export function yearPages(earliestYear: number, latestYear: number): number[][] {
  const first = Math.max(YEAR_PICKER_EARLIEST, earliestYear);
  const total = Math.max(1, latestYear - first + 1);
  const count = Math.ceil(total / YEAR_PICKER_PAGE_SIZE);
  const base = Math.floor(total / count);
  const longer = total % count; // the latest pages, the ones most people need, take the spare years
  const pages: number[][] = [];
  let year = Math.min(first, latestYear);
  for (let page = 0; page < count; page++) {
    const size = base + (page >= count - longer ? 1 : 0);
    pages.push(Array.from({ length: size }, (_, i) => year + i));
    year += size;
  }
  return pages;
}

/** The page holding `year`, or the latest page when no page does. */
export function yearPageOf(pages: readonly number[][], year: number): number {
  const found = pages.findIndex((page) => page.includes(year));
  return found === -1 ? pages.length - 1 : found;
}

/** `month` moved into [first month of earliest, first month of latest]. */
export function clampMonth(month: Date, bounds: BirthBounds): Date {
  const min = startOfMonth(bounds.earliest);
  const max = startOfMonth(bounds.latest);
  const start = startOfMonth(month);
  if (start < min) return min;
  if (start > max) return max;
  return start;
}
