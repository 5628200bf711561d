import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { matches } from "./matches.ts";
import { type StoredVoiceIntro, users } from "./users.ts";

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
    /** The pair's last messages, copied when the reporter chose to include them. */
    evidence: jsonb("evidence").$type<EvidenceMessage[]>(),
    /** Set by the decision that closed it (moderation_log's id); open while null. */
    decisionId: integer("decision_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** A copy of the reported person's voice intro as it was, kept whatever they do with it after. */
    voiceEvidence: jsonb("voice_evidence").$type<StoredVoiceIntro>(),
  },
  (t) => [
    index("reports_reported_idx").on(t.reportedId),
    index("reports_open_idx").on(t.reportedId, t.createdAt).where(sql`${t.closedAt} is null`),
  ],
);

export interface EvidenceMessage {
  fromReported: boolean;
  content: string;
  sentAt: string;
}

export type ReportRow = typeof reports.$inferSelect;
