import { format, isSameDay } from "date-fns";

/** '12:28' today, '24 Nov, 12:28' before: on this device's clock. */
export function missedAt(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return isSameDay(at, now) ? format(at, "HH:mm") : format(at, "d MMM, HH:mm");
}
