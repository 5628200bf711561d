import { type AuditAction, isModerator } from "@kindred/shared/moderation";
import { and, desc, eq, ilike, inArray, isNotNull, isNull, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { type ModerationLogRow, moderationLog, moderationStatements } from "../../db/schema/moderation.ts";
import { type ReportRow, reports } from "../../db/schema/reports.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

const reporters = alias(users, "reporter");

export interface CaseReport {
  report: ReportRow;
  reporter: { id: number; username: string } | null;
  match: { matchDate: Date; status: string; callCount: number; isChatUnlocked: boolean } | null;
}

/** Every open report about a person who still has an account, with its reporter and match. */
export const openReports = (db: Executor) =>
  reportsWhere(db, and(isNull(reports.closedAt), isNotNull(reports.reportedId)));

/** The reports these decisions closed (an appeal's case shows what led to the decision). */
export const reportsDecidedBy = (db: Executor, decisionIds: number[]) =>
  decisionIds.length === 0 ? Promise.resolve([]) : reportsWhere(db, inArray(reports.decisionId, decisionIds));

async function reportsWhere(db: Executor, where: SQL | undefined): Promise<CaseReport[]> {
  const rows = await db
    .select({
      report: reports,
      reporterId: reporters.id,
      reporterName: reporters.username,
      matchDate: matches.matchDate,
      status: matches.status,
      callCount: matches.callCount,
      isChatUnlocked: matches.isChatUnlocked,
    })
    .from(reports)
    .leftJoin(reporters, eq(reporters.id, reports.reporterId))
    .leftJoin(matches, eq(matches.id, reports.matchId))
    .where(where)
    .orderBy(reports.createdAt);
  return rows.map((r) => ({
    report: r.report,
    reporter:
      r.reporterId !== null && r.reporterName !== null
        ? { id: r.reporterId, username: r.reporterName }
        : null,
    match:
      r.matchDate && r.status !== null && r.callCount !== null && r.isChatUnlocked !== null
        ? {
            matchDate: r.matchDate,
            status: r.status,
            callCount: r.callCount,
            isChatUnlocked: r.isChatUnlocked,
          }
        : null,
  }));
}

export async function voiceEvidenceOf(db: Executor, reportId: number) {
  const [row] = await db
    .select({ voice: reports.voiceEvidence })
    .from(reports)
    .where(eq(reports.id, reportId));
  return row?.voice ?? null;
}

export interface OpenAppeal {
  userId: number;
  text: string;
  appealedAt: Date;
  decision: ModerationLogRow;
}

/** Appeals not yet answered, with the decision each is about. */
export async function openAppeals(db: Executor, userIds?: number[]): Promise<OpenAppeal[]> {
  const rows = await db
    .select({ statement: moderationStatements, decision: moderationLog })
    .from(moderationStatements)
    .innerJoin(moderationLog, eq(moderationLog.id, moderationStatements.decisionId))
    .where(
      and(
        isNotNull(moderationStatements.appealedAt),
        isNull(moderationStatements.appealDecisionId),
        userIds ? inArray(moderationStatements.userId, userIds) : undefined,
      ),
    )
    .orderBy(moderationStatements.appealedAt);
  return rows.map(({ statement, decision }) => ({
    userId: statement.userId,
    text: statement.appealText ?? "",
    appealedAt: statement.appealedAt as Date,
    decision,
  }));
}

export async function usersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

/** Whether anyone besides `userId` can moderate: an appeal then goes to someone else. */
export async function hasOtherModerator(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ["moderator", "admin"]), ne(users.id, userId), isNull(users.bannedAt)))
    .limit(1);
  return rows.length > 0;
}

/** A moderator may see the photo and hear the voice of someone with an open case, nobody else's. */
export async function moderatorMayView(
  db: Executor,
  viewer: { role: string },
  ownerId: number,
): Promise<boolean> {
  if (!isModerator(viewer.role)) return false;
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reportedId, ownerId), isNull(reports.closedAt)))
    .limit(1);
  return report !== undefined || (await openAppeals(db, [ownerId])).length > 0;
}

export interface AuditFilter {
  action?: AuditAction;
  actor?: string;
  subject?: string;
}

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit log, newest first, filtered by action and by the actor's or subject's username. */
export async function auditLog(db: Executor, f: AuditFilter, limit = 500): Promise<ModerationLogRow[]> {
  return db
    .select()
    .from(moderationLog)
    .where(
      and(
        f.action ? eq(moderationLog.action, f.action) : undefined,
        f.actor ? ilike(moderationLog.actorUsername, like(f.actor)) : undefined,
        f.subject ? ilike(moderationLog.subjectUsername, like(f.subject)) : undefined,
      ),
    )
    .orderBy(desc(moderationLog.id))
    .limit(limit);
}

export async function listModerators(db: Executor) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, ["moderator", "admin"]))
    .orderBy(users.username);
}

/** The statement a person's appeal link (or their session) points at, with its decision. */
export async function findStatement(
  db: Executor,
  where: { token: string } | { decisionId: number; userId: number },
) {
  const [row] = await db
    .select({ statement: moderationStatements, decision: moderationLog })
    .from(moderationStatements)
    .innerJoin(moderationLog, eq(moderationLog.id, moderationStatements.decisionId))
    .where(
      "token" in where
        ? eq(moderationStatements.token, where.token)
        : and(
            eq(moderationStatements.decisionId, where.decisionId),
            eq(moderationStatements.userId, where.userId),
          ),
    )
    .limit(1);
  return row ?? null;
}

/** Every statement sent to a person, oldest first, with its decision. */
export async function statementsOf(db: Executor, userId: number) {
  return db
    .select({ statement: moderationStatements, decision: moderationLog })
    .from(moderationStatements)
    .innerJoin(moderationLog, eq(moderationLog.id, moderationStatements.decisionId))
    .where(eq(moderationStatements.userId, userId))
    .orderBy(moderationStatements.decisionId);
}

/** The latest statement of a person's current restriction (for sign-in's answer). */
export async function latestStatementOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ statement: moderationStatements, decision: moderationLog })
    .from(moderationStatements)
    .innerJoin(moderationLog, eq(moderationLog.id, moderationStatements.decisionId))
    .where(and(eq(moderationStatements.userId, userId), inArray(moderationLog.action, ["suspend", "ban"])))
    .orderBy(desc(moderationStatements.decisionId))
    .limit(1);
  return row ?? null;
}
