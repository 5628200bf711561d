import { CALL_END_REASONS, CALL_STATUSES } from "@kindred/shared/calls";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { matches } from "./matches.ts";
import { users } from "./users.ts";

export const calls = pgTable(
  "calls",
  {
    id: serial("id").primaryKey(),
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    initiatorId: integer("initiator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull().defaultNow(),
    activeAt: timestamp("active_at", { withTimezone: true }),
    deadline: timestamp("deadline", { withTimezone: true }),
    endTime: timestamp("end_time", { withTimezone: true }),
    duration: integer("duration"),
    callDay: integer("call_day").notNull(),
    /** Fixed when the call is created (ladder × CALL_TIME_SCALE): answering starts this countdown. */
    lengthSeconds: integer("length_seconds").notNull(),
    status: text("status", { enum: CALL_STATUSES }).notNull().default("pending"),
    endReason: text("end_reason", { enum: CALL_END_REASONS }),
    /** Whether it counted toward the ladder; set once, in the transaction that ended it. */
    counted: boolean("counted").notNull().default(false),
    /** The 30-second warning went out (so that N instances send it once). */
    warned: boolean("warned").notNull().default(false),
    /** A missed or declined call stays news for its receiver ('Missed call from …') until they see it. */
    receiverSeen: boolean("receiver_seen").notNull().default(false),
  },
  (t) => [
    index("calls_match_idx").on(t.matchId),
    index("calls_initiator_start_idx").on(t.initiatorId, t.startTime),
    // One live call per match: two people pressing Call at once get the same call, never two.
    uniqueIndex("calls_one_live_per_match").on(t.matchId).where(sql`${t.status} in ('pending', 'active')`),
    // The clock's sweep: active calls by deadline, pending ones by start.
    // A receiver's missed calls not yet seen (the Matches tab's badge).
    index("calls_unseen_missed_idx")
      .on(t.receiverId)
      .where(sql`${t.status} in ('missed', 'rejected') and not ${t.receiverSeen}`),
    index("calls_live_idx").on(t.status, t.deadline).where(sql`${t.status} in ('pending', 'active')`),
  ],
);

export type CallRow = typeof calls.$inferSelect;
