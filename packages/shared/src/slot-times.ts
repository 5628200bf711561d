// Times of day as the call preferences write them ("HH:MM", London wall clock), without the schemas of
// call-slots.ts: the pages that only show availability load no zod.

const TIME_PATTERN = /^(\d{1,2}):(\d{2})$/;

/**
 * Minutes since midnight of an "H:MM" or "HH:MM" time (hour 0–23, minute 0–59), or null if the text is
 * not such a time. Surrounding spaces are ignored.
 */
export function parseTime(text: string): number | null {
  const match = TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

/** "HH:MM" of minutes since midnight (0–1439). */
export function formatTime24(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** Canonical "HH:MM" of a valid time ("9:05" gives "09:05"), or null if it is not a valid time. */
export function normalizeTime(text: string): string | null {
  const minutes = parseTime(text);
  return minutes === null ? null : formatTime24(minutes);
}

/** Two half-open intervals [aStart, aEnd) and [bStart, bEnd), in minutes, share at least one minute. */
export function rangesOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** Start and end of a slot in minutes, or null if either time is invalid or the end is not after the start. */
export function slotMinutes(slot: { start?: string | null; end?: string | null }): [number, number] | null {
  if (typeof slot.start !== "string" || typeof slot.end !== "string") return null;
  const start = parseTime(slot.start);
  const end = parseTime(slot.end);
  if (start === null || end === null || end <= start) return null;
  return [start, end];
}

/** "6:00 PM" of an "HH:MM" time (the SPEC's 'h:mm a' format); the text itself if it is not a time. */
export function formatTime12(hhmm: string): string {
  const minutes = parseTime(hhmm);
  if (minutes === null) return hhmm;
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, "0")} ${h24 < 12 ? "AM" : "PM"}`;
}
