import { formatTime12 } from "@kindred/shared/availability";
import { londonWallClock } from "@kindred/shared/london-time";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A scheduled call as the SPEC formats it ('MMM d, yyyy' and 'h:mm a'), on the London clock. */
export function formatCallTime(iso: string): { date: string; time: string } {
  const { year, month, day, hour, minute } = londonWallClock(new Date(iso));
  return {
    date: `${MONTHS[month - 1]} ${day}, ${year}`,
    time: formatTime12(`${hour}:${String(minute).padStart(2, "0")}`),
  };
}
