import { CALL_STATUSES } from "@kindred/shared/calls";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
    status: text("status", { enum: CALL_STATUSES }).notNull().default("pending"),
  },
  (t) => [
    index("calls_match_idx").on(t.matchId),
    index("calls_initiator_start_idx").on(t.initiatorId, t.startTime),
  ],
);

export type CallRow = typeof calls.$inferSelect;
