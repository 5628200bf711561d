import type {
  AuditAction,
  AuditEntry,
  Decision,
  DecisionAction,
  ModerationCase,
} from "@kindred/shared/moderation";

// The console's words for what the contract names by id. Type imports only: this chunk needs no zod.

export const ACTION_LABEL: Record<DecisionAction, string> = {
  dismiss: "Dismiss",
  warn: "Warn",
  suspend: "Suspend",
  ban: "Ban",
};

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  ...ACTION_LABEL,
  hide: "Automatic hide",
  add_moderator: "Add moderator",
  add_admin: "Add admin",
  remove_moderator: "Remove moderator",
};

/** "1 day", "7 days". */
export function daysText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** "1 reporter", "3 reporters". */
export function countText(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Who acted in an audit row: a person, else the automatic measure or the command line (no actor). */
export function actorName(entry: Pick<AuditEntry, "actor" | "automatic">): string {
  return entry.actor?.username ?? (entry.automatic ? "Automatic" : "Command line");
}

const DONE: Record<DecisionAction, (username: string, days: number | null) => string> = {
  dismiss: (u) => `Dismissed the case of ${u}.`,
  warn: (u) => `Warned ${u}.`,
  suspend: (u, days) => `Suspended ${u} for ${daysText(days ?? 0)}.`,
  ban: (u) => `Banned ${u}.`,
};

/** The short confirmation once a case has left the queue: "Suspended sam for 7 days." */
export function decidedText(username: string, decision: Pick<Decision, "action" | "days">): string {
  return DONE[decision.action](username, decision.days);
}

/** The decision an appeal is about, in a line: "Suspend (7 days) under Harassment or threats, by mo". */
export function appealedDecisionText(decision: Decision, ruleName: string): string {
  const length = decision.action === "suspend" && decision.days ? ` (${daysText(decision.days)})` : "";
  return `${ACTION_LABEL[decision.action]}${length} under ${ruleName}, by ${decision.moderator.username}`;
}

type Report = ModerationCase["reports"][number];

/** A report's match, in a line: "active · 2 calls · chat unlocked: yes" (its date is shown apart). */
export function matchContextText(match: NonNullable<Report["match"]>): string {
  return `${match.status} · ${countText(match.calls, "call")} · chat unlocked: ${match.chatUnlocked ? "yes" : "no"}`;
}

/** Who sent an attached message, named as the moderator knows them. */
export function senderName(
  from: "reporter" | "reported",
  reporter: Report["reporter"],
  reportedUsername: string,
): string {
  if (from === "reported") return reportedUsername;
  return reporter?.username ?? "Deleted account";
}
