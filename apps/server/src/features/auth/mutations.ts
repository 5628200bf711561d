import { eq, lt } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { hashToken, newSessionToken, SESSION_TTL_MS } from "../../lib/sessions/token.ts";
import { queueVerification } from "./email-mutations.ts";

export async function insertUser(
  db: Executor,
  input: {
    username: string;
    email: string;
    name: string;
    passwordHash: string | null;
    googleSub?: string;
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(input).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * The new account, its first session and its verification mail, in one transaction; `previousTokenHash`
 * (the session the browser held before, if any) ends in the same step. Returns the row and the raw
 * session token; after the commit, `app.mail.kick()` sends the mail.
 */
export async function registerAccount(
  db: Executor,
  input: { username: string; email: string; name: string; passwordHash: string },
  previousTokenHash: string | null,
  mail: { origin: string; now: Date },
): Promise<{ row: UserRow; token: string }> {
  return db.transaction(async (tx) => {
    if (previousTokenHash) await deleteSession(tx, previousTokenHash);
    const row = await insertUser(tx, input);
    await queueVerification(tx, row, mail.origin, mail.now);
    return { row, token: await createSession(tx, row.id) };
  });
}

/** Creates a session and returns its raw token (only its hash is stored). */
export async function createSession(db: Executor, userId: number, now = new Date()): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  // Opportunistic clean-up keeps the table small without a scheduler.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return token;
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Links a Google account (its OpenID Connect subject) to an existing user and returns the row. Only
 * done for a Google-verified address equal to the account's, so the address is verified too. If it
 * never was, whoever chose the account's password never proved the address was theirs (anyone can sign
 * up with someone else's): that password and its sessions end, and the address's owner keeps the account.
 */
export async function linkGoogleAccount(db: Db, user: UserRow, googleSub: string): Promise<UserRow> {
  const claimed = !user.emailVerified;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ googleSub, emailVerified: true, ...(claimed ? { passwordHash: null } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error(`user ${user.id} vanished while linking Google`);
    if (claimed) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return row;
  });
}
