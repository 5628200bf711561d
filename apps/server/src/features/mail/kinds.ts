// What mail Kindred sends (issue 29). Callers say what happened; templates.ts words it. queueMail
// (outbox.ts) renders a mail and writes it to the outbox in the caller's transaction.
import type { MailType } from "@kindred/shared/mail";
import type { Statement } from "@kindred/shared/moderation";

/** About the account itself: always sent, never unsubscribable. */
export type AccountMail =
  | { kind: "password_reset"; link: string }
  /** A reset asked for an account that signs in with Google only: there is no password to reset. */
  | { kind: "reset_google_only"; signInUrl: string }
  | { kind: "password_changed" }
  | { kind: "verify_email"; link: string }
  /** To the new address: open the link to make it the account's. */
  | { kind: "email_change_confirm"; link: string; newEmail: string }
  /** To the old address: someone asked to move the account to newEmail. */
  | { kind: "email_change_notice"; newEmail: string }
  /** A statement of reasons for a moderation decision; appealUrl when it can be appealed. */
  | { kind: "moderation_statement"; statement: Statement; appealUrl: string | null };

/** Mail notifications: each has a type a person can turn off, and a one-click unsubscribe. */
export type NotificationMail =
  /** A name is null for someone who hides names in notifications: their inbox preview shows none. */
  | { kind: "missed_call"; callerName: string | null; at: Date; matchId: number }
  | { kind: "call_reminder"; otherName: string | null; at: Date; matchId: number }
  | { kind: "unread_digest"; count: number; fromNames: string[] }
  | { kind: "new_matches"; count: number };

export type MailContent = AccountMail | NotificationMail;
export type MailKind = MailContent["kind"];

export const MAIL_TYPE_OF: Record<NotificationMail["kind"], MailType> = {
  missed_call: "calls",
  call_reminder: "reminders",
  unread_digest: "messages",
  new_matches: "news",
};

/** The same mail with no one's name in it ('Hide names in notifications'). */
export function withoutNames(content: NotificationMail): NotificationMail {
  switch (content.kind) {
    case "missed_call":
      return { ...content, callerName: null };
    case "call_reminder":
      return { ...content, otherName: null };
    case "unread_digest":
      return { ...content, fromNames: [] };
    case "new_matches":
      return content;
  }
}

export function isNotificationMail(content: MailContent): content is NotificationMail {
  return content.kind in MAIL_TYPE_OF;
}

export interface QueuedMail {
  /** Whose mail it is; null only for mail to an address with no account behind it. */
  userId: number | null;
  to: string;
  /** The mail greets them by username. */
  username: string;
  content: MailContent;
  /** Decided once: queueing the same key again writes nothing. */
  dedupeKey?: string;
}
