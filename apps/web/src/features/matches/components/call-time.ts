import { tz } from "@date-fns/tz";
import { TIME_ZONE } from "@kindred/shared/constants";
import { format } from "date-fns";

const london = tz(TIME_ZONE);

/** A scheduled call as the SPEC formats it ('MMM d, yyyy' and 'h:mm a'), on the London clock. */
export function formatCallTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  return { date: format(at, "MMM d, yyyy", { in: london }), time: format(at, "h:mm a", { in: london }) };
}
