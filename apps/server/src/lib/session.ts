import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { sessions } from "../db/schema/sessions.ts";
import { type UserRow, users } from "../db/schema/users.ts";
import { hashToken, SESSION_COOKIE } from "./session-token.ts";

export interface Session {
  user: UserRow;
  tokenHash: string;
}

/**
 * The one session lookup: the HTTP auth hook and the socket upgrade both call it with the request's
 * cookies, so a socket is exactly as authenticated as a request.
 */
export async function sessionFromCookies(
  db: Executor,
  cookies: Record<string, string | undefined>,
  now = new Date(),
): Promise<Session | null> {
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  const tokenHash = hashToken(token);
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const user = rows[0]?.user;
  return user ? { user, tokenHash } : null;
}
