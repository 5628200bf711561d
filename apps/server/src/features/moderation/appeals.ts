import { MODERATION_ERRORS } from "@kindred/shared/moderation";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { moderationStatements } from "../../db/schema/moderation.ts";
import { users } from "../../db/schema/users.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { findStatement } from "./data.ts";

/**
 * Files the appeal of one decision, once: by its link's token (someone who cannot sign in), or by the
 * signed-in person the decision is about. Anything else is the same 404.
 */
export async function fileAppeal(
  db: Executor,
  input: { decisionId: number; text: string; token?: string },
  signedInId: number | null,
  now: Date,
): Promise<void> {
  const found = input.token
    ? await findStatement(db, { token: input.token })
    : signedInId !== null
      ? await findStatement(db, { decisionId: input.decisionId, userId: signedInId })
      : null;
  if (!found || found.statement.decisionId !== input.decisionId)
    throw notFound("That decision was not found.");
  if (!found.statement.appealable) throw new HttpError(409, MODERATION_ERRORS.appealNotOpen);
  const filed = await db
    .update(moderationStatements)
    .set({ appealText: input.text, appealedAt: now })
    .where(
      and(eq(moderationStatements.decisionId, input.decisionId), isNull(moderationStatements.appealedAt)),
    )
    .returning({ id: moderationStatements.decisionId });
  if (filed.length === 0) throw new HttpError(409, MODERATION_ERRORS.appealedAlready);
}

/** 'I understand': the notice of that decision leaves their pages. False when it was not theirs to clear. */
export async function acknowledgeNotice(db: Executor, userId: number, decisionId: number): Promise<boolean> {
  const [user] = await db.select({ notice: users.moderationNotice }).from(users).where(eq(users.id, userId));
  if (user?.notice?.decisionId !== decisionId) return false;
  await db.update(users).set({ moderationNotice: null }).where(eq(users.id, userId));
  return true;
}
