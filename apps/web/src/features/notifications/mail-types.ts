import { MAIL_TYPES, type MailType } from "@kindred/shared/mail";

// `stops` words each kind as the mail's own footer does (server features/mail/templates.ts MAIL_TYPE_LABEL).
// Labels differ from the push switches' in the same section, so each switch has a name of its own.

/** Each kind of mail notification: its switch's label and sentence, and what an unsubscribe stops. */
export const MAIL_TYPE_COPY: Record<MailType, { label: string; description: string; stops: string }> = {
  calls: {
    label: "Missed calls",
    description: "When you missed a call and did not see it in Kindred within 5 minutes.",
    stops: "missed call emails",
  },
  reminders: {
    label: "Call reminders",
    description: "An hour before a call you scheduled.",
    stops: "call reminder emails",
  },
  messages: {
    label: "Unread messages digest",
    description: "When a message has been unread for an hour; at most one email every 6 hours.",
    stops: "unread message emails",
  },
  news: {
    label: "New matches",
    description: "When you have new matches; at most one email a day.",
    stops: "new match emails",
  },
};

/** The `type` of an unsubscribe link, or null when it names no kind of mail we send. */
export function mailTypeOf(value: string | null): MailType | null {
  return (MAIL_TYPES as readonly string[]).includes(value ?? "") ? (value as MailType) : null;
}
