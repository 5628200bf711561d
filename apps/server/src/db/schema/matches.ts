import { MATCH_STATUSES } from "@kindred/shared/matches";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const matches = pgTable(
  "matches",
  {
    id: serial("id").primaryKey(),
    // Always userId1 < userId2, so one pair has one row whatever its history.
    userId1: integer("user_id_1")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userId2: integer("user_id_2")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    compatibility: integer("compatibility").notNull(),
    matchDate: timestamp("match_date", { withTimezone: true }).notNull().defaultNow(),
    callCount: integer("call_count").notNull().default(0),
    lastCallDate: timestamp("last_call_date", { withTimezone: true }),
    callScheduled: boolean("call_scheduled").notNull().default(false),
    scheduledCallTime: timestamp("scheduled_call_time", { withTimezone: true }),
    /** Who proposed the scheduled slot; the other person may accept it or propose another. */
    scheduledBy: integer("scheduled_by").references(() => users.id, { onDelete: "set null" }),
    /** The other person accepted the proposed slot. */
    scheduleAccepted: boolean("schedule_accepted").notNull().default(false),
    isChatUnlocked: boolean("is_chat_unlocked").notNull().default(false),
    arePhotosRevealed: boolean("are_photos_revealed").notNull().default(false),
    status: text("status", { enum: MATCH_STATUSES }).notNull().default("active"),
    unmatchedBy: integer("unmatched_by"),
    unmatchedDate: timestamp("unmatched_date", { withTimezone: true }),
    /** The seq of the match's latest message (0: none yet); messages take theirs from it. */
    lastMessageSeq: integer("last_message_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("matches_pair_idx").on(t.userId1, t.userId2),
    index("matches_user2_idx").on(t.userId2),
    // The push scan's reminders (issue 28): accepted slots only.
    index("matches_accepted_slot_idx")
      .on(t.scheduledCallTime)
      .where(sql`${t.callScheduled} and ${t.scheduleAccepted}`),
    check("matches_ordered_pair", sql`${t.userId1} < ${t.userId2}`),
  ],
);

export type MatchRow = typeof matches.$inferSelect;
