import {
  AUTO_HIDE_DAYS,
  AUTO_HIDE_REPORTERS,
  type DecisionInput,
  MODERATION_ERRORS,
} from "@kindred/shared/moderation";
import { and, countDistinct, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { type ModerationLogRow, moderationLog, moderationStatements } from "../../db/schema/moderation.ts";
import { reports } from "../../db/schema/reports.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { endAllMatchesOf, type MatchEndOptions } from "../matches/mutations.ts";
import { hasOtherModerator, openAppeals } from "./data.ts";
import { issueStatement } from "./statements.ts";

const DAY_MS = 86_400_000;

export interface DecisionContext extends MatchEndOptions {
  now: Date;
  /** The public origin, for the statement mail's appeal link. */
  origin: string;
}

export interface Decided {
  decision: ModerationLogRow;
  subject: UserRow;
  /** Suspended or banned: their sessions are gone and their matches (and calls) ended. */
  restricted: boolean;
  ended: Awaited<ReturnType<typeof endAllMatchesOf>>;
}

async function lockUser(tx: Executor, id: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row ?? null;
}

/**
 * A moderator's decision on a person's open case (their open reports, or their appeal), all or nothing.
 * The person's row is locked first, so of two moderators deciding at once the second finds no open case.
 */
export async function decide(
  db: Db,
  moderator: { id: number; username: string },
  input: DecisionInput,
  ctx: DecisionContext,
): Promise<Decided> {
  if (input.userId === moderator.id) throw new HttpError(400, MODERATION_ERRORS.ownAccount);
  return db.transaction(async (tx) => {
    const subject = await lockUser(tx, input.userId);
    if (!subject) throw notFound("No one with that id has an open case.");
    const [report] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reportedId, subject.id), isNull(reports.closedAt)))
      .limit(1);
    const [appeal] = await openAppeals(tx, [subject.id]);
    if (!report && !appeal) throw new HttpError(409, MODERATION_ERRORS.alreadyDecided);
    if (appeal?.decision.actorId === moderator.id && (await hasOtherModerator(tx, moderator.id)))
      throw new HttpError(409, MODERATION_ERRORS.ownAppeal);

    const { now } = ctx;
    const endsAt = input.action === "suspend" ? new Date(now.getTime() + (input.days ?? 1) * DAY_MS) : null;
    const [decision] = await tx
      .insert(moderationLog)
      .values({
        createdAt: now,
        actorId: moderator.id,
        actorUsername: moderator.username,
        action: input.action,
        subjectId: subject.id,
        subjectUsername: subject.username,
        rule: input.rule,
        days: input.action === "suspend" ? (input.days ?? null) : null,
        endsAt,
        note: input.note || null,
      })
      .returning();
    if (!decision) throw new Error("the decision was not recorded");
    await tx
      .update(reports)
      .set({ closedAt: now, decisionId: decision.id })
      .where(and(eq(reports.reportedId, subject.id), isNull(reports.closedAt)));
    if (appeal)
      await tx
        .update(moderationStatements)
        .set({ appealDecisionId: decision.id })
        .where(eq(moderationStatements.decisionId, appeal.decision.id));

    const restricted = input.action === "suspend" || input.action === "ban";
    // A dismissal says nothing to someone who never heard of the reports; on an appeal it lifts the decision.
    const statement =
      input.action !== "dismiss" || appeal ? await issueStatement(tx, decision, subject, ctx.origin) : null;
    await tx
      .update(users)
      .set({
        // Any decision ends the automatic hide; a suspension or ban keeps them out of matching.
        moderationHold: restricted,
        suspendedUntil: endsAt,
        bannedAt: input.action === "ban" ? now : null,
        moderationNotice: input.action === "warn" || input.action === "dismiss" ? statement : null,
      })
      .where(eq(users.id, subject.id));
    let ended: Decided["ended"] = [];
    if (restricted) {
      await tx.delete(sessions).where(eq(sessions.userId, subject.id));
      ended = await endAllMatchesOf(tx, subject.id, ctx);
    }
    return { decision, subject, restricted, ended };
  });
}

/**
 * The automatic measure: someone with open reports from AUTO_HIDE_REPORTERS distinct people within
 * AUTO_HIDE_DAYS is hidden from new matching until a moderator decides. Returns the log row when it
 * hid them now, null otherwise (not reported enough, or already held).
 */
export async function hideReportedByMany(
  db: Db,
  reportedId: number,
  ctx: DecisionContext,
): Promise<ModerationLogRow | null> {
  return db.transaction(async (tx) => {
    const subject = await lockUser(tx, reportedId);
    if (!subject || subject.moderationHold) return null;
    const since = new Date(ctx.now.getTime() - AUTO_HIDE_DAYS * DAY_MS);
    const [row] = await tx
      .select({ n: countDistinct(reports.reporterId) })
      .from(reports)
      .where(
        and(
          eq(reports.reportedId, reportedId),
          isNull(reports.closedAt),
          isNotNull(reports.reporterId),
          gt(reports.createdAt, since),
        ),
      );
    if ((row?.n ?? 0) < AUTO_HIDE_REPORTERS) return null;
    const [decision] = await tx
      .insert(moderationLog)
      .values({
        createdAt: ctx.now,
        automatic: true,
        action: "hide",
        subjectId: subject.id,
        subjectUsername: subject.username,
      })
      .returning();
    if (!decision) throw new Error("the automatic hide was not recorded");
    const statement = await issueStatement(tx, decision, subject, ctx.origin);
    await tx
      .update(users)
      .set({ moderationHold: true, moderationNotice: statement })
      .where(eq(users.id, subject.id));
    return decision;
  });
}
