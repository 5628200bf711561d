// A verified address, and changing it: links and their mails, written in the caller's transaction.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { queueMail } from "../mail/outbox.ts";
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from "./email-tokens.ts";

interface MailTo {
  id: number;
  email: string;
  username: string;
}

/** Another account holds the address a change link would move this one to. */
export class EmailTakenError extends Error {}

/** A new verification link for the account's address (older ones die), queued in `db`'s transaction. */
export async function queueVerification(
  db: Executor,
  user: MailTo,
  origin: string,
  now: Date,
): Promise<void> {
  const token = await issueEmailToken(db, user.id, "verify", now);
  await queueMail(db, origin, {
    userId: user.id,
    to: user.email,
    username: user.username,
    content: { kind: "verify_email", link: `${origin}/verify-email?token=${token}` },
  });
}

/** Resend: a fresh link, in a transaction of its own. */
export async function resendVerification(db: Executor, user: MailTo, origin: string, now: Date) {
  await db.transaction((tx) => queueVerification(tx, user, origin, now));
}

/**
 * A change of address: the link goes to the new address (it changes when that is opened), a notice to
 * the old one, so its owner hears of it if it was not them.
 */
export async function requestEmailChange(
  db: Executor,
  user: MailTo,
  newEmail: string,
  origin: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, "change", now, newEmail);
    const link = `${origin}/verify-email?token=${token}`;
    await queueMail(tx, origin, {
      userId: user.id,
      to: newEmail,
      username: user.username,
      content: { kind: "email_change_confirm", link, newEmail },
    });
    await queueMail(tx, origin, {
      userId: user.id,
      to: user.email,
      username: user.username,
      content: { kind: "email_change_notice", newEmail },
    });
  });
}

/**
 * Uses a verification or change link: the account's address becomes verified (after a change, the new
 * one). Null when the link is dead or used. Throws EmailTakenError (nothing written) when another
 * account took the new address meanwhile.
 */
export async function confirmEmail(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ userId: number; email: string } | null> {
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, token, ["verify", "change"], now);
    if (!used) return null;
    if (used.purpose === "verify") {
      const [row] = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.id, used.userId))
        .returning({ email: users.email });
      return row ? { userId: used.userId, email: row.email } : null;
    }
    const newEmail = used.newEmail ?? "";
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${newEmail})`, ne(users.id, used.userId)))
      .limit(1);
    if (taken) throw new EmailTakenError();
    const [row] = await tx
      .update(users)
      .set({ email: newEmail, emailVerified: true })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    // Links made for the old address must not vouch for the new one, nor reset it from the old inbox.
    await voidEmailTokens(tx, used.userId, ["verify", "change", "reset"], now);
    return row ? { userId: used.userId, email: row.email } : null;
  });
}

/** Google vouched for the account's address: it counts as verified. */
export async function markEmailVerified(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}
