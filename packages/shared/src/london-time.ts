// London's wall clock (constants' TIME_ZONE) by the rule of British Summer Time, without Intl: a page's
// first Intl.DateTimeFormat loads the browser's time zone data (tens of milliseconds on a phone, before
// the page answers a tap), and the server reads London's clock for every call allowance it shows.
// london-time.test.ts checks it against the time zone database, twice a day and at each clock change.

const DAY_MS = 86_400_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when London's clocks change. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY_MS;
}

/**
 * Minutes London is ahead of UTC at `instant`: 60 in British Summer Time, from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October (the rule since 1996), else 0.
 */
function londonOffsetMinutes(instant: Date): number {
  const t = instant.getTime();
  const year = instant.getUTCFullYear();
  return t >= clockChange(year, 2) && t < clockChange(year, 9) ? 60 : 0;
}

/** London's wall clock at an instant; `month` 1–12, `weekday` 0 (Sunday) to 6. */
export interface LondonWallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** London's wall clock at `instant`. Throws on an invalid Date. */
export function londonWallClock(instant: Date): LondonWallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  const wall = new Date(instant.getTime() + londonOffsetMinutes(instant) * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * The instant a London wall-clock date ("yyyy-MM-dd") and time ("HH:MM") names, or null if the
 * date is not real or the time does not exist (skipped at the spring clock change).
 */
export function londonWallTimeToInstant(date: string, time: string): Date | null {
  const [y = Number.NaN, mo = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  const [h = Number.NaN, mi = Number.NaN] = time.split(":").map(Number);
  if ([y, mo, d, h, mi].some(Number.isNaN)) return null;
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // Two passes settle the offset even when the guess straddles a clock change.
  let instant = new Date(naive - londonOffsetMinutes(new Date(naive)) * 60_000);
  instant = new Date(naive - londonOffsetMinutes(instant) * 60_000);
  const back = naive - londonOffsetMinutes(instant) * 60_000;
  return back === instant.getTime() ? instant : null;
}

/** The London calendar date ("yyyy-MM-dd") of an instant. Throws on an invalid Date. */
export function londonDate(instant: Date): string {
  return wallDate(londonWallClock(instant));
}

/** A wall clock's date, "yyyy-MM-dd". */
export function wallDate({ year, month, day }: LondonWallClock): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The day last asked for: a server asks for the same day on every call allowance it shows. */
let lastDay = { start: 0, end: 0 };

/** Midnight to midnight of the London day that holds `instant` (23 or 25 hours at a clock change). */
export function londonDayBounds(instant: Date): { start: Date; end: Date } {
  const t = instant.getTime();
  if (t < lastDay.start || t >= lastDay.end) lastDay = londonDayAround(instant);
  return { start: new Date(lastDay.start), end: new Date(lastDay.end) };
}

function londonDayAround(instant: Date): { start: number; end: number } {
  const date = londonDate(instant);
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  // London's clocks change at 01:00 and 02:00, so midnight always exists.
  const start = londonWallTimeToInstant(date, "00:00") as Date;
  const end = londonWallTimeToInstant(next, "00:00") as Date;
  return { start: start.getTime(), end: end.getTime() };
}
