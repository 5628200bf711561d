import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The mail outbox: one row per mail, written in the transaction that caused it and rendered then, so
 * what is sent is what was decided. Any instance claims due rows (FOR UPDATE SKIP LOCKED, with a lease),
 * so a crash loses nothing and two instances never both send one. With no SMTP_URL the rows are kept,
 * unsent, for the development mailbox. `dedupeKey` makes deciding idempotent (two scans, one mail).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** Whose mail it is (null for none); deleting the account deletes its mail. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    /** A MailKind (features/mail/kinds.ts). */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** Sent or given up: no longer due. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** 'sent' | 'failed' | 'kept' (no SMTP_URL: shown in the development mailbox, never sent). */
    outcome: text("outcome"),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`done_at is null`),
    index("mail_outbox_user_kind_idx").on(t.userId, t.kind, t.createdAt),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * One-use links sent by mail: SHA-256 of a 256-bit random token (the token itself is only in the mail).
 * 'reset' lives 30 minutes, 'verify' and 'change' 24 hours; a newer one of the same purpose voids older.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "verify", "change"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** For 'change': the address that becomes the account's on confirmation. */
    newEmail: text("new_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_idx").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose),
  ],
);
export type EmailTokenRow = typeof emailTokens.$inferSelect;
