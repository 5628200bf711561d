// Mail (issue 29): account recovery, a verified address, and mail notifications. Every sentence a
// person reads in answer to these requests is here, so the server and the pages say the same.
import { z } from "zod";
import { email, password } from "./auth.ts";

/** A reset link works this long; a verification or address-change link a day. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;

/** POST /api/auth/password-reset: the same answer (202) whether or not the address has an account. */
export const passwordResetRequestSchema = z.object({ email });
export const PASSWORD_RESET_SENT =
  "If an account uses that address, we've sent it a link to choose a new password. The link works for 30 minutes.";

/** POST /api/auth/password-reset/confirm: 200 with the self user (and the session cookie), or 400. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: "The link is incomplete. Please open it from the mail again." }).min(1).max(200),
  password,
});
export const LINK_EXPIRED = "This link has expired or was already used. Please ask for a new one.";

/** POST /api/auth/password-reset/check: 204 while the link works (using it up is confirm's), else 400. */
export const passwordResetCheckSchema = z.object({
  token: z.string({ error: "The link is incomplete. Please open it from the mail again." }).min(1).max(200),
});

/** POST /api/auth/verify-email: confirms an address (after sign-up, or a change of address). 400: LINK_EXPIRED. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: "The link is incomplete. Please open it from the mail again." }).min(1).max(200),
});
export const verifyEmailResponseSchema = z.object({ email: z.string(), emailVerified: z.literal(true) });

/** POST /api/auth/verify-email/resend (signed in): 202. */
export const VERIFICATION_SENT = "We've sent a new link. Open it to confirm your email address.";

/** PUT /api/user/email: 202; the address changes once the link sent to it is opened. */
export const changeEmailSchema = z.object({
  email,
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
});
export const emailChangeSentMessage = (to: string) =>
  `We've sent a link to ${to}. Your email address changes when you open it.`;

/** PUT /api/user/password: 200; every other session of the account ends. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
  newPassword: password,
});
export const WRONG_PASSWORD = "That isn't your current password.";

/** A message answer (202s and the like). */
export const messageSchema = z.object({ message: z.string() });

/** Which mail notifications a person wants: GET and PUT /api/notifications/mail. */
export const MAIL_TYPES = ["calls", "reminders", "messages", "news"] as const;
export type MailType = (typeof MAIL_TYPES)[number];
export const mailSettingsSchema = z.object({
  /** A missed call not seen in the app within 5 minutes. */
  calls: z.boolean(),
  /** A scheduled call, 1 hour before. */
  reminders: z.boolean(),
  /** A digest of messages unread for an hour, at most one per 6 hours. */
  messages: z.boolean(),
  /** New matches, at most one mail a day. */
  news: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  calls: true,
  reminders: true,
  messages: true,
  news: false,
};

/** POST /api/mail/unsubscribe?token=…&type=… (RFC 8058 one-click; no session needed): 200. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1).max(200),
  type: z.enum(MAIL_TYPES),
});
export const UNSUBSCRIBE_INVALID =
  "This unsubscribe link isn't valid. You can change what we mail you in Settings.";

/** Timing of mail notifications. */
export const MISSED_CALL_MAIL_AFTER_MS = 5 * 60_000;
export const REMINDER_MAIL_BEFORE_MS = 60 * 60_000;
export const DIGEST_AFTER_MS = 60 * 60_000;
export const DIGEST_EVERY_MS = 6 * 60 * 60_000;
export const NEWS_MAIL_EVERY_MS = 24 * 60 * 60_000;
/** Nobody is mailed within this long of having a Kindred page open. */
export const ACTIVE_RECENTLY_MS = 5 * 60_000;
