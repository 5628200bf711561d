import type { AuditEntry, Decision, ModerationCase } from "@kindred/shared/moderation";
import type { ModerationLogRow } from "../../db/schema/moderation.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { toPublicUser } from "../users/present.ts";
import type { CaseReport, OpenAppeal } from "./data.ts";

/** A report's copy of the voice intro it was about, for moderators only. */
export const evidencePath = (reportId: number) => `/api/moderation/reports/${reportId}/voice`;

export function toDecision(row: ModerationLogRow): Decision {
  return {
    id: row.id,
    userId: row.subjectId ?? 0,
    action: row.action as Decision["action"],
    days: row.days,
    endsAt: row.endsAt?.toISOString() ?? null,
    rule: row.rule ?? "other",
    note: row.note,
    moderator: { id: row.actorId ?? 0, username: row.actorUsername ?? "" },
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAuditEntry(row: ModerationLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorId !== null ? { id: row.actorId, username: row.actorUsername ?? "" } : null,
    automatic: row.automatic,
    action: row.action,
    subject: { id: row.subjectId, username: row.subjectUsername },
    rule: row.rule,
    days: row.days,
    note: row.note,
  };
}

function toCase(user: UserRow, reports: CaseReport[], appeal: OpenAppeal | undefined): ModerationCase {
  const reporters = new Set(reports.flatMap((r) => (r.reporter ? [r.reporter.id] : [])));
  const opened = [...reports.map((r) => r.report.createdAt), ...(appeal ? [appeal.appealedAt] : [])];
  return {
    // In full for the moderator: the photo and voice whatever the pair had revealed, but never the email.
    user: {
      ...toPublicUser(user, { photoRevealed: true, liveMatch: true }),
      name: user.name,
      dateOfBirth: user.dateOfBirth,
      createdAt: user.createdAt.toISOString(),
      profileType: user.profileType,
    },
    priority: reports.some((r) => r.report.priority),
    distinctReporters: reporters.size,
    openedAt: new Date(Math.min(...opened.map((d) => d.getTime()))).toISOString(),
    autoHidden: user.moderationHold && !user.suspendedUntil && !user.bannedAt,
    reports: reports.map(({ report, reporter, match }) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      priority: report.priority,
      createdAt: report.createdAt.toISOString(),
      reporter,
      match: match && {
        matchedAt: match.matchDate.toISOString(),
        status: match.status,
        calls: match.callCount,
        chatUnlocked: match.isChatUnlocked,
      },
      messages:
        report.evidence?.map((m) => ({
          from: m.fromReported ? ("reported" as const) : ("reporter" as const),
          content: m.content,
          sentAt: m.sentAt,
        })) ?? null,
      voiceIntro: report.voiceEvidence && {
        url: evidencePath(report.id),
        durationMs: report.voiceEvidence.durationMs,
        peaks: report.voiceEvidence.peaks,
        updatedAt: report.voiceEvidence.updatedAt,
      },
    })),
    appeal: appeal
      ? {
          text: appeal.text,
          createdAt: appeal.appealedAt.toISOString(),
          decision: toDecision(appeal.decision),
        }
      : null,
  };
}

/** Priority (an elite reporter) first, then the most distinct reporters, then the oldest. */
function byUrgency(a: ModerationCase, b: ModerationCase): number {
  return (
    Number(b.priority) - Number(a.priority) ||
    b.distinctReporters - a.distinctReporters ||
    a.openedAt.localeCompare(b.openedAt)
  );
}

/**
 * Open reports and appeals grouped by the person they are about, most urgent first. An appeal's case
 * also shows the reports its decision closed (`decided`).
 */
export function toQueue(
  reports: CaseReport[],
  appeals: OpenAppeal[],
  decided: CaseReport[],
  people: Map<number, UserRow>,
): ModerationCase[] {
  const reportsOf = new Map<number, CaseReport[]>();
  for (const r of [...decided, ...reports]) {
    const id = r.report.reportedId as number;
    reportsOf.set(id, [...(reportsOf.get(id) ?? []), r]);
  }
  const appealOf = new Map(appeals.map((a) => [a.userId, a]));
  const ids = new Set([...reportsOf.keys(), ...appealOf.keys()]);
  return [...ids]
    .flatMap((id) => {
      const user = people.get(id);
      return user ? [toCase(user, reportsOf.get(id) ?? [], appealOf.get(id))] : [];
    })
    .sort(byUrgency);
}
