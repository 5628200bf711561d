import { USERNAME_PATTERN } from "@kindred/shared/auth";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

/**
 * The account with this username, whatever its case. A name outside USERNAME_PATTERN names no
 * account: asked anyway, PostgreSQL's lower() would fold some non-ASCII letters into ASCII ones
 * ('alİce' finds 'alice'), reaching the account under a name the login limiter counts separately.
 */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Which of username/email is already taken, if any (case-insensitive). */
export async function findTakenIdentity(
  db: Executor,
  username: string,
  email: string,
): Promise<"username" | "email" | null> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) return "username";
  if (rows.length > 0) return "email";
  return null;
}

/** The account linked to this Google account (its OpenID Connect subject), if any. */
export async function findUserByGoogleSub(db: Executor, googleSub: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return rows[0] ?? null;
}

/** The account with this email address, whatever its case. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}
