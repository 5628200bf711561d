import { eq, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { hashToken, newSessionToken, SESSION_TTL_MS } from "../../lib/session-token.ts";

export async function insertUser(
  db: Executor,
  input: { username: string; email: string; name: string; passwordHash: string | null; googleSub?: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(input).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
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
