import { and, eq, lte } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { HttpError } from "../../lib/http-error.ts";
import { latestStatementOf } from "./data.ts";
import { appealPath } from "./statements.ts";
import { signInRefusal } from "./wording.ts";

/**
 * Every way of signing in asks here before a session is made: someone suspended or banned gets a 403
 * saying until when and how to appeal. A suspension that has ended is cleared on the way.
 */
export async function refuseIfRestricted(
  db: Executor,
  user: Pick<UserRow, "id" | "suspendedUntil" | "bannedAt">,
  now: Date,
): Promise<void> {
  if (user.suspendedUntil && user.suspendedUntil <= now) {
    await db
      .update(users)
      .set({ suspendedUntil: null, moderationHold: false })
      .where(and(eq(users.id, user.id), lte(users.suspendedUntil, now)));
    return;
  }
  if (!user.bannedAt && !user.suspendedUntil) return;
  const latest = await latestStatementOf(db, user.id);
  const message = signInRefusal({
    rule: latest?.decision.rule ?? null,
    endsAt: user.bannedAt ? null : user.suspendedUntil,
    appealed: latest?.statement.appealedAt != null,
  });
  throw new HttpError(403, message, latest ? { appealUrl: appealPath(latest.statement.token) } : {});
}
