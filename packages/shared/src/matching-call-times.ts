// Weekly call-time overlap of two people, the call-times part of the personality score.
// Same reading of call preferences as availability.ts and the same slot rules as call-slots.ts.

import { DEFAULT_CALL_PREFERENCES } from "./availability.ts";
import { parseTime } from "./call-slots.ts";
import { bitIndex, listMask, popcount } from "./matching-bits.ts";
import { CALL_OVERLAP_TARGET_MINUTES } from "./matching-weights.ts";
import { DAY_NAMES } from "./options.ts";

export interface MatchTimeSlot {
  readonly start: string;
  readonly end: string;
}

/** Same shape as CallPreferences in user.ts, read-only so any caller's object fits. */
export interface MatchCallPreferences {
  readonly weekdays: readonly MatchTimeSlot[];
  readonly weekends: readonly MatchTimeSlot[];
  readonly notAvailable: readonly string[];
}

// notAvailable is read as a bit mask of days.
const DAY_BITS = bitIndex(DAY_NAMES); // monday = bit 0 … sunday = bit 6
const WEEKDAY_MASK = 0b0011111;
const WEEKEND_MASK = 0b1100000;

// Call times: one day is 1440 minutes = 45 words of 32 bits. Four scratch days (A weekday, A weekend,
// B weekday, B weekend) are reused by every call; scorePair is synchronous so they are never shared.
const DAY_WORDS = 45;
const MINUTES_PER_DAY = 1440;
const scratch = new Uint32Array(DAY_WORDS * 4);
const A_WEEKDAY = 0;
const A_WEEKEND = DAY_WORDS;
const B_WEEKDAY = DAY_WORDS * 2;
const B_WEEKEND = DAY_WORDS * 3;

/**
 * Minutes since midnight of a slot time, or -1: the same rule as `parseTime` of call-slots.ts (hour 0–23,
 * minute 0–59), with an allocation-free fast path for the canonical "HH:MM" the server stores.
 */
function parseMinutes(t: string): number {
  if (typeof t !== "string") return -1;
  if (t.length === 5 && t.charCodeAt(2) === 58) {
    const h1 = t.charCodeAt(0) - 48;
    const h2 = t.charCodeAt(1) - 48;
    const m1 = t.charCodeAt(3) - 48;
    const m2 = t.charCodeAt(4) - 48;
    if (h1 >= 0 && h1 <= 2 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9) {
      const hour = h1 * 10 + h2;
      return hour > 23 ? -1 : hour * 60 + m1 * 10 + m2;
    }
  }
  return parseTime(t) ?? -1;
}

function setRange(base: number, start: number, end: number): void {
  let s = start;
  while (s < end) {
    const word = base + (s >>> 5);
    const bit = s & 31;
    const n = Math.min(32 - bit, end - s);
    const mask = n === 32 ? 0xffffffff : ((1 << n) - 1) << bit;
    scratch[word] = (scratch[word] ?? 0) | mask;
    s += n;
  }
}

function dayMinutes(base: number): number {
  let minutes = 0;
  for (let w = 0; w < DAY_WORDS; w++) minutes += popcount(scratch[base + w] ?? 0);
  return minutes;
}

/**
 * Fills one scratch day with the union of a slot list's valid slots (half-open [start, end), end after
 * start, as call-slots.ts rules; invalid slots are skipped) and returns its minutes.
 */
function fillDay(base: number, slots: readonly MatchTimeSlot[] | undefined): number {
  scratch.fill(0, base, base + DAY_WORDS);
  if (!slots) return 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as MatchTimeSlot;
    const start = parseMinutes(slot.start);
    const end = parseMinutes(slot.end);
    if (start >= 0 && end > start) setRange(base, start, end);
  }
  return dayMinutes(base);
}

/**
 * Fills a person's weekday and weekend scratch days and returns their available minutes per week.
 * Same reading as availability.ts: null = DEFAULT_CALL_PREFERENCES (09:00–21:00 every day); no valid
 * slot in either list = Flexible Timing (the whole day); one list empty while the other has slots =
 * no time on those days; days in notAvailable = no time.
 */
function fillWeek(
  prefs: MatchCallPreferences,
  weekdayBase: number,
  weekendBase: number,
  offDays: number,
): number {
  let weekday = fillDay(weekdayBase, prefs.weekdays);
  let weekend = fillDay(weekendBase, prefs.weekends);
  if (weekday === 0 && weekend === 0) {
    scratch.fill(0xffffffff, weekdayBase, weekdayBase + DAY_WORDS);
    scratch.fill(0xffffffff, weekendBase, weekendBase + DAY_WORDS);
    weekday = MINUTES_PER_DAY;
    weekend = MINUTES_PER_DAY;
  }
  return (5 - popcount(offDays & WEEKDAY_MASK)) * weekday + (2 - popcount(offDays & WEEKEND_MASK)) * weekend;
}

function sharedMinutes(baseA: number, baseB: number): number {
  let minutes = 0;
  for (let w = 0; w < DAY_WORDS; w++)
    minutes += popcount((scratch[baseA + w] ?? 0) & (scratch[baseB + w] ?? 0));
  return minutes;
}

/**
 * Weekly call-time overlap: shared minutes per week divided by the larger of the less-available
 * person's weekly minutes and CALL_OVERLAP_TARGET_MINUTES. 1 = every minute the less-available
 * person offers is one the other offers too (and there are at least 3 hours of them); 0 = no shared time.
 */
export function callTimeScore(a: MatchCallPreferences | null, b: MatchCallPreferences | null): number {
  const prefsA = a ?? DEFAULT_CALL_PREFERENCES;
  const prefsB = b ?? DEFAULT_CALL_PREFERENCES;
  const offA = listMask(prefsA.notAvailable ?? null, DAY_BITS);
  const offB = listMask(prefsB.notAvailable ?? null, DAY_BITS);
  const offBoth = offA | offB;
  const weeklyA = fillWeek(prefsA, A_WEEKDAY, A_WEEKEND, offA);
  const weeklyB = fillWeek(prefsB, B_WEEKDAY, B_WEEKEND, offB);
  const weekdaysBoth = 5 - popcount(offBoth & WEEKDAY_MASK);
  const weekendsBoth = 2 - popcount(offBoth & WEEKEND_MASK);
  const shared =
    (weekdaysBoth > 0 ? weekdaysBoth * sharedMinutes(A_WEEKDAY, B_WEEKDAY) : 0) +
    (weekendsBoth > 0 ? weekendsBoth * sharedMinutes(A_WEEKEND, B_WEEKEND) : 0);
  // Integers throughout and one division. shared ≤ min(weeklyA, weeklyB), so the result is ≤ 1.
  return shared / Math.max(CALL_OVERLAP_TARGET_MINUTES, Math.min(weeklyA, weeklyB));
}
