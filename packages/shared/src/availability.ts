// The availability indicator of SPEC §4, read in Europe/London whatever the process time zone.
//
// Rules, in order:
// 1. no preferences set (null) are shown as the default, 9:00 AM–9:00 PM on weekdays and weekends;
// 2. today (London) listed in notAvailable: "unavailable";
// 3. no slot in either list (Flexible Timing): "anytime";
// 4. the London wall-clock time falls in one of today's slots (weekdays Monday–Friday, weekends Saturday and
//    Sunday; start inclusive, end exclusive): "now";
// 5. a slot starts within the next AVAILABLE_SOON_WINDOW_MINUTES (start at most 60 minutes away, to the
//    second), including tomorrow's first slots late in the evening unless tomorrow is unavailable: "soon";
// 6. otherwise a "summary" of the preferences.
// Minutes are London wall-clock minutes (as the person reads their own clock), also across a clock change.
// A list that is empty while the other is not means no set times on those days, not "any time".

import { AVAILABLE_SOON_WINDOW_MINUTES } from "./constants.ts";
import { londonWallClock, wallDate } from "./london-time.ts";
import { DAY_NAMES, type DayName } from "./options.ts";
import { formatTime12, formatTime24, slotMinutes } from "./slot-times.ts";

export { formatTime12 };

import type { CallPreferences, TimeSlot } from "./user.ts";

export const FLEXIBLE_TIMING_TEXT = "Flexible Timing – always available for calls";

/** How unset (null) preferences are displayed and evaluated. */
export const DEFAULT_CALL_PREFERENCES: CallPreferences = {
  weekdays: [{ start: "09:00", end: "21:00" }],
  weekends: [{ start: "09:00", end: "21:00" }],
  notAvailable: [],
};

export type Availability =
  /** Inside a slot; `until` is the slot's end ("HH:MM"). */
  | { kind: "now"; until: string }
  /** A slot starts within the hour; `startsAt` is its start ("HH:MM"), `minutesUntil` rounded up. */
  | { kind: "soon"; startsAt: string; minutesUntil: number }
  | { kind: "summary"; text: string }
  /** Today is one of the person's unavailable days. */
  | { kind: "unavailable" }
  /** Flexible Timing: no slots set. */
  | { kind: "anytime" };

export interface LondonClock {
  /** Calendar date in London, "yyyy-MM-dd". */
  date: string;
  year: number;
  month: number;
  day: number;
  weekday: DayName;
  /** Seconds since London midnight (wall clock). */
  secondOfDay: number;
}

/** The London calendar date, weekday and wall-clock time of an instant. Throws on an invalid Date. */
export function londonClock(now: Date): LondonClock {
  const clock = londonWallClock(now);
  const { year, month, day, hour, minute, second } = clock;
  // DAY_NAMES runs Monday to Sunday; the wall clock's weekday 0 is Sunday.
  const weekday = DAY_NAMES[(clock.weekday + 6) % 7] as DayName;
  return {
    date: wallDate(clock),
    year,
    month,
    day,
    weekday,
    secondOfDay: hour * 3600 + minute * 60 + second,
  };
}

export function isWeekend(day: DayName): boolean {
  return day === "saturday" || day === "sunday";
}

function nextDay(day: DayName): DayName {
  return DAY_NAMES[(DAY_NAMES.indexOf(day) + 1) % 7] as DayName;
}

function slotsFor(prefs: CallPreferences, day: DayName): readonly TimeSlot[] {
  return isWeekend(day) ? prefs.weekends : prefs.weekdays;
}

/** Valid slots as [start, end] minutes, sorted by start. */
function ranges(slots: readonly TimeSlot[]): [number, number][] {
  const result: [number, number][] = [];
  for (const slot of slots) {
    const range = slotMinutes(slot);
    if (range) result.push(range);
  }
  return result.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function hasNoSlots(prefs: CallPreferences): boolean {
  return ranges(prefs.weekdays).length === 0 && ranges(prefs.weekends).length === 0;
}

/** Availability of a person at the instant `now`, from their call preferences (null = never set). */
export function availabilityOf(prefs: CallPreferences | null | undefined, now: Date): Availability {
  const effective = prefs ?? DEFAULT_CALL_PREFERENCES;
  const clock = londonClock(now);
  const unavailable = new Set(effective.notAvailable);
  if (unavailable.has(clock.weekday)) return { kind: "unavailable" };
  if (hasNoSlots(effective)) return { kind: "anytime" };

  const nowSecond = clock.secondOfDay;
  const today = ranges(slotsFor(effective, clock.weekday));
  let until: number | null = null;
  for (const [start, end] of today) {
    if (start * 60 <= nowSecond && nowSecond < end * 60) until = Math.max(until ?? end, end);
  }
  if (until !== null) return { kind: "now", until: formatTime24(until) };

  const windowSeconds = AVAILABLE_SOON_WINDOW_MINUTES * 60;
  const tomorrow = nextDay(clock.weekday);
  const upcoming = [
    ...today.map(([start]) => start * 60),
    ...(unavailable.has(tomorrow)
      ? []
      : ranges(slotsFor(effective, tomorrow)).map(([start]) => (start + 1440) * 60)),
  ];
  for (const startSecond of upcoming) {
    const wait = startSecond - nowSecond;
    if (wait > 0 && wait <= windowSeconds) {
      return {
        kind: "soon",
        startsAt: formatTime24((startSecond / 60) % 1440),
        minutesUntil: Math.ceil(wait / 60),
      };
    }
  }
  return { kind: "summary", text: describePreferences(effective) };
}

function describeSlots(slots: readonly TimeSlot[]): string {
  return ranges(slots)
    .map(([start, end]) => `${formatTime12(formatTime24(start))}–${formatTime12(formatTime24(end))}`)
    .join(", ");
}

function capitalise(day: DayName): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/**
 * Human summary of call preferences for the profile page and the indicator, e.g.
 * "Weekdays 6:00 PM–9:00 PM · Weekends 10:00 AM–2:00 PM · Not available Sunday".
 * Null (never set) describes the default; no slots and no unavailable days is FLEXIBLE_TIMING_TEXT;
 * no slots but some unavailable days is "Any time · Not available …".
 */
export function describePreferences(prefs: CallPreferences | null | undefined): string {
  const effective = prefs ?? DEFAULT_CALL_PREFERENCES;
  const days = DAY_NAMES.filter((day) => effective.notAvailable.includes(day));
  const noSlots = hasNoSlots(effective);
  if (noSlots && days.length === 0) return FLEXIBLE_TIMING_TEXT;
  const parts: string[] = [];
  if (noSlots) parts.push("Any time");
  const weekdays = describeSlots(effective.weekdays);
  const weekends = describeSlots(effective.weekends);
  if (weekdays) parts.push(`Weekdays ${weekdays}`);
  if (weekends) parts.push(`Weekends ${weekends}`);
  if (days.length > 0) parts.push(`Not available ${days.map(capitalise).join(", ")}`);
  return parts.join(" · ");
}

/** One-line label of an availability result, e.g. "Available now", "Available soon (from 6:00 PM)". */
export function availabilityLabel(availability: Availability): string {
  switch (availability.kind) {
    case "now":
      return `Available now until ${formatTime12(availability.until)}`;
    case "soon":
      return `Available soon (from ${formatTime12(availability.startsAt)})`;
    case "unavailable":
      return "Not available today";
    case "anytime":
      return "Available anytime";
    case "summary":
      return availability.text;
  }
}
