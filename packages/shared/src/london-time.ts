import { TIME_ZONE } from "./constants.ts";

const offsetFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** London's wall clock at `instant`, field by field ("year", "month", …; numbers as written). */
function londonParts(instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const { type, value } of offsetFormat.formatToParts(instant)) parts[type] = value;
  return parts;
}

/** Minutes London is ahead of UTC at `instant` (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
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

/** The London calendar date ("yyyy-MM-dd") of an instant. */
export function londonDate(instant: Date): string {
  const p = londonParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
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
