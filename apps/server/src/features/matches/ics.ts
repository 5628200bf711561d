import { PRODUCT_NAME } from "@kindred/shared/constants";

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
// Usernames are restricted to safe characters, but escape anyway: ICS treats these as syntax.
const escapeText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/** A one-event iCalendar invite (RFC 5545) for a scheduled call. */
export function callInvite(opts: { matchId: number; at: Date; withUsername: string; url: string }): string {
  const end = new Date(opts.at.getTime() + 30 * 60_000);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${PRODUCT_NAME}//Scheduled call//EN`,
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:kindred-call-${opts.matchId}-${opts.at.getTime()}@kindred`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(opts.at)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(`${PRODUCT_NAME} call with ${opts.withUsername}`)}`,
    `URL:${opts.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
