import type { AuditAction, RuleId } from "@kindred/shared/moderation";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The audit log: every decision, automatic measure and change of role. Append-only: a trigger (migration
 * 0009) refuses UPDATE and DELETE. No foreign keys, so that deleting an account changes no row of it;
 * the usernames are copied for the same reason. A decision's id is its row's id here.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** null: the automatic measure, or the command line. */
    actorId: integer("actor_id"),
    actorUsername: text("actor_username"),
    automatic: boolean("automatic").notNull().default(false),
    action: text("action").$type<AuditAction>().notNull(),
    subjectId: integer("subject_id"),
    subjectUsername: text("subject_username").notNull(),
    rule: text("rule").$type<RuleId>(),
    days: integer("days"),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    note: text("note"),
  },
  (t) => [index("moderation_log_subject_idx").on(t.subjectId, t.id)],
);
export type ModerationLogRow = typeof moderationLog.$inferSelect;

/**
 * The statement of reasons sent for a decision against someone, its appeal link, and their appeal
 * (once per decision). Goes with the account.
 */
export const moderationStatements = pgTable(
  "moderation_statements",
  {
    decisionId: integer("decision_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The appeal link's secret: someone suspended or banned cannot sign in to appeal. */
    token: text("token").notNull().unique(),
    appealable: boolean("appealable").notNull(),
    appealText: text("appeal_text"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    /** The decision that answered the appeal (moderation_log's id). */
    appealDecisionId: integer("appeal_decision_id"),
  },
  (t) => [
    index("moderation_statements_open_appeal_idx")
      .on(t.userId)
      .where(sql`${t.appealedAt} is not null and ${t.appealDecisionId} is null`),
  ],
);
export type StatementRow = typeof moderationStatements.$inferSelect;
