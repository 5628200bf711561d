// Which birthdays the picker offers: SPEC §2 shows years from 1900, and DECISIONS "Ages" forbids offering
// a value the server then rejects, so days that give an age outside 21–100 are shown but disabled.

import { londonClock } from "@kindred/shared/availability";
import { AGE_MAX, AGE_MIN, YEAR_PICKER_EARLIEST, YEAR_PICKER_PAGE_SIZE } from "@kindred/shared/constants";
import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { addDays, format, parse, startOfMonth, subYears } from "date-fns";

export const ISO_DAY = "yyyy-MM-dd";

export interface BirthBounds {
  /** The earliest and latest selectable birthdays. */
  earliest: Date;
  latest: Date;
  /** The year grid runs from 1900 to this year (the year 21 years ago). */
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

// Pages are cut back from the latest year, so the page people need most is a full one and the short
// page (if any) is the one that starts at 1900.

/** How many pages the grid has. */
export function yearPageCount(latestYear: number): number {
  return Math.max(1, Math.ceil((latestYear - YEAR_PICKER_EARLIEST + 1) / YEAR_PICKER_PAGE_SIZE));
}

/** The page (0 = the one with 1900) holding `year`. */
export function yearPageOf(year: number, latestYear: number): number {
  const fromEnd = Math.floor((latestYear - year) / YEAR_PICKER_PAGE_SIZE);
  return Math.min(yearPageCount(latestYear) - 1, Math.max(0, yearPageCount(latestYear) - 1 - fromEnd));
}

/** The years of one page of the grid, from 1900 at the earliest to `latestYear` at the latest. */
export function yearsOnPage(page: number, latestYear: number): number[] {
  const last = latestYear - (yearPageCount(latestYear) - 1 - page) * YEAR_PICKER_PAGE_SIZE;
  const first = Math.max(YEAR_PICKER_EARLIEST, last - YEAR_PICKER_PAGE_SIZE + 1);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
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
