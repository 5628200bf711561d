// What the match cards and the conversation show of a match, without the schemas of matches.ts: the
// pages that only show matches load no zod. matches.ts exports all of it too.
import { formatTime12, londonClock } from "./availability.ts";
import { SCHEDULE_HOURS } from "./constants.ts";

/** DECISIONS "Scheduling": 'Join call' shows from 10 minutes before the slot until 30 minutes after it. */
export const JOIN_CALL_BEFORE_MS = 10 * 60_000;
/** …and a slot this long past with no call clears itself (on the server). */
export const JOIN_CALL_AFTER_MS = 30 * 60_000;

export const UNMATCH_UPGRADE_MESSAGE =
  "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.";

export const REPORT_REASONS = [
  "Inappropriate or offensive behaviour",
  "Harassment or threats",
  "Fake profile or impersonation",
  "Inappropriate voice intro",
  "Spam or scam",
  "Appears to be under 21",
  "Something else",
] as const;

/** "9:00" … "20:00": the hourly slots the schedule dialog offers. */
export const SCHEDULE_TIMES = SCHEDULE_HOURS.map((h) => `${String(h).padStart(2, "0")}:00`);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

/**
 * 'Scheduled: Fri 10:00 AM (UK time)' on the London clock. A slot a week or more ahead also names its
 * date ('Scheduled: Fri 12 Dec, 10:00 AM (UK time)'), since its weekday alone would mislead.
 */
export function scheduledSlotText(at: string, now: Date): string {
  const slot = londonClock(new Date(at));
  const today = londonClock(now);
  const hhmm = `${String(Math.floor(slot.secondOfDay / 3600)).padStart(2, "0")}:${String(Math.floor((slot.secondOfDay % 3600) / 60)).padStart(2, "0")}`;
  const weekday = slot.weekday.charAt(0).toUpperCase() + slot.weekday.slice(1, 3);
  const days = Math.round((Date.parse(slot.date) - Date.parse(today.date)) / DAY_MS);
  const day = days >= 7 ? `${weekday} ${slot.day} ${MONTHS[slot.month - 1]},` : weekday;
  return `Scheduled: ${day} ${formatTime12(hhmm)} (UK time)`;
}

/** The longest a screen waits before asking again (a timer of more than ~24.8 days would fire at once). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** When a screen showing this schedule should fetch it again: just after 'Join call' appears or goes. */
export function scheduleRefreshDelayMs(schedule: { changesInMs: number }): number {
  return Math.min(schedule.changesInMs + 1_000, LONGEST_WAIT_MS);
}
