import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { matches } from "./matches.ts";
import { users } from "./users.ts";

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean("is_read").notNull().default(false),
    /** The server's order within the match (1, 2, 3…), taken under the match row's lock. */
    seq: integer("seq").notNull(),
    /** The sender's own id for the message: a retry with it returns the message, never a second one. */
    clientId: text("client_id").notNull(),
  },
  (t) => [
    index("messages_match_sent_idx").on(t.matchId, t.sentAt),
    uniqueIndex("messages_match_seq_idx").on(t.matchId, t.seq),
    uniqueIndex("messages_client_idx").on(t.matchId, t.senderId, t.clientId),
    // The push scan's unread messages (issue 28): only the few still unread.
    index("messages_unread_sent_idx").on(t.sentAt).where(sql`not ${t.isRead}`),
  ],
);

/** Where each person has read up to in each match (a seq; only ever moves forward). */
export const chatReads = pgTable(
  "chat_reads",
  {
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);

export type MessageRow = typeof messages.$inferSelect;
