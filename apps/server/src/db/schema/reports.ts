import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { matches } from "./matches.ts";
import { users } from "./users.ts";

export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedId: integer("reported_id").references(() => users.id, { onDelete: "set null" }),
    matchId: integer("match_id").references(() => matches.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details"),
    /** DECISIONS "Priority and VIP": filed by a member whose plan has priority support (elite). */
    priority: boolean("priority").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reports_reported_idx").on(t.reportedId)],
);
