// Password reset and change: each decision, its token and its mail in one transaction, so a mail is
// queued exactly when what it announces has committed.
import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { queueMail } from "../mail/outbox.ts";
import { findUserByEmail } from "./data.ts";
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from "./email-tokens.ts";
import { createSession, deleteSession } from "./mutations.ts";

/**
 * Queues the reset mail for the account with `email`, if there is one: a link for an account with a
 * password, a 'sign in with Google' mail for one without. (Run after the answer has gone, so how long
 * this takes says nothing: see reset-routes.ts.)
 */
export async function requestPasswordReset(db: Executor, email: string, origin: string, now: Date) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const mail = { userId: user.id, to: user.email, username: user.username };
    if (user.passwordHash === null) {
      await queueMail(tx, origin, {
        ...mail,
        content: { kind: "reset_google_only", signInUrl: `${origin}/auth` },
      });
      return;
    }
    const token = await issueEmailToken(tx, user.id, "reset", now);
    const link = `${origin}/reset-password?token=${token}`;
    await queueMail(tx, origin, { ...mail, content: { kind: "password_reset", link } });
  });
}

/**
 * Uses the reset link: sets the password, ends every session of the account (and the one the browser
 * held before, whoever's it was), opens a new one and queues 'password changed'. Null when the link is
 * dead or was used meanwhile. Returns the account and the new session's raw token.
 */
export async function resetPassword(
  db: Executor,
  input: { token: string; passwordHash: string; previousTokenHash: string | null },
  origin: string,
  now: Date,
): Promise<{ row: UserRow; session: string } | null> {
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, input.token, ["reset"], now);
    if (!used) return null;
    const row = await setPassword(tx, used.userId, input.passwordHash);
    if (input.previousTokenHash) await deleteSession(tx, input.previousTokenHash);
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await queueMail(tx, origin, {
      userId: row.id,
      to: row.email,
      username: row.username,
      content: { kind: "password_changed" },
    });
    return { row, session: await createSession(tx, row.id) };
  });
}

/**
 * Sets a new password from the settings: every other session of the account ends (this one stays),
 * unused reset links die, and 'password changed' is queued. Returns the ended sessions' hashes.
 */
export async function changePassword(
  db: Executor,
  input: { userId: number; passwordHash: string; keepTokenHash: string },
  origin: string,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await setPassword(tx, input.userId, input.passwordHash);
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, row.id), ne(sessions.tokenHash, input.keepTokenHash)))
      .returning({ tokenHash: sessions.tokenHash });
    await voidEmailTokens(tx, row.id, ["reset"], now);
    await queueMail(tx, origin, {
      userId: row.id,
      to: row.email,
      username: row.username,
      content: { kind: "password_changed" },
    });
    return ended.map((s) => s.tokenHash);
  });
}

async function setPassword(db: Executor, userId: number, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished while setting a password`);
  return row;
}
