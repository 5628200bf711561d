import { randomBytes } from "node:crypto";
import type { Statement } from "@kindred/shared/moderation";
import type { Executor } from "../../db/client.ts";
import {
  type ModerationLogRow,
  moderationStatements,
  type StatementRow,
} from "../../db/schema/moderation.ts";
import { queueMail } from "../mail/outbox.ts";
import { type StatementAction, toStatement } from "./wording.ts";

/** The page where a statement is read and appealed, with or without a session. */
export const appealPath = (token: string) => `/appeal?token=${encodeURIComponent(token)}`;

/** What the person reads about a decision, from its log row and statement row. */
export function statementOf(
  decision: ModerationLogRow,
  row: Pick<StatementRow, "appealable" | "appealedAt">,
): Statement {
  const action: StatementAction =
    decision.action === "dismiss" ? "lift" : (decision.action as StatementAction);
  return toStatement({
    decisionId: decision.id,
    action,
    rule: action === "hide" || action === "lift" ? null : decision.rule,
    automatic: decision.automatic,
    decidedAt: decision.createdAt,
    endsAt: decision.endsAt,
    appealable: row.appealable,
    appealed: row.appealedAt !== null,
  });
}

/**
 * Records the statement of a decision against `to` and mails it, in the decision's transaction (so the
 * mail goes exactly when the decision commits, once). Returns what the app shows.
 */
export async function issueStatement(
  tx: Executor,
  decision: ModerationLogRow,
  to: { id: number; email: string; username: string },
  origin: string,
): Promise<Statement> {
  const appealable = decision.action !== "dismiss";
  const token = randomBytes(24).toString("base64url");
  await tx.insert(moderationStatements).values({ decisionId: decision.id, userId: to.id, token, appealable });
  const statement = statementOf(decision, { appealable, appealedAt: null });
  const appealUrl = appealable ? `${new URL(origin).origin}${appealPath(token)}` : null;
  await queueMail(tx, origin, {
    userId: to.id,
    to: to.email,
    username: to.username,
    content: { kind: "moderation_statement", statement, appealUrl },
    dedupeKey: `moderation:${decision.id}`,
  });
  return statement;
}
