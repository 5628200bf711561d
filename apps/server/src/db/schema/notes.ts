import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { matches } from "./matches.ts";
import { users } from "./users.ts";

export const notes = pgTable(
  "notes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notes_user_match_idx").on(t.userId, t.matchId)],
);
export type NoteRow = typeof notes.$inferSelect;
