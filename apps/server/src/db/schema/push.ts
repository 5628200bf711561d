import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** One browser's push subscription. An endpoint belongs to one account: subscribing it again moves it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The VAPID key pair when it is not configured: made by the first instance to start, shared by all. */
export const pushKeys = pgTable("push_keys", {
  id: integer("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a person wants pushed; no row means the defaults (everything on, names shown, no quiet hours). */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  calls: boolean("calls").notNull().default(true),
  reminders: boolean("reminders").notNull().default(true),
  messages: boolean("messages").notNull().default(true),
  news: boolean("news").notNull().default(true),
  hideNames: boolean("hide_names").notNull().default(false),
  /** 'HH:MM' in Europe/London, both or neither. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  /** Mail, type by type (issue 29): missed calls, reminders and the unread digest on; new matches off. */
  mailCalls: boolean("mail_calls").notNull().default(true),
  mailReminders: boolean("mail_reminders").notNull().default(true),
  mailMessages: boolean("mail_messages").notNull().default(true),
  mailNews: boolean("mail_news").notNull().default(false),
  /** The secret in mail's one-click unsubscribe links (made with the first such mail). */
  unsubscribeToken: text("unsubscribe_token").unique(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The push outbox: one row per notification per subscription, written when it is decided and claimed by
 * any instance (FOR UPDATE SKIP LOCKED), so a crash loses nothing and two instances never both send it.
 * `dedupeKey` makes deciding idempotent (a reminder found by two instances' scans is inserted once).
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    /** The encrypted payload's plaintext (PushPayload). */
    payload: jsonb("payload").notNull(),
    urgency: text("urgency", { enum: ["very-low", "low", "normal", "high"] })
      .notNull()
      .default("normal"),
    /** RFC 8030 Topic: a newer push with the same topic replaces one still queued at the push service. */
    topic: text("topic"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Past this it is dropped, never sent late; the TTL sent is what is left of it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** Sent, dropped (expired, gone) or given up: no longer due. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("push_outbox_dedupe_idx").on(t.subscriptionId, t.dedupeKey),
    index("push_outbox_due_idx").on(t.nextAttemptAt).where(sql`done_at is null`),
  ],
);
export type PushOutboxRow = typeof pushOutbox.$inferSelect;
