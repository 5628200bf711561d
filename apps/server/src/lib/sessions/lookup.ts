import { and, eq, getTableColumns, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { hashToken, SESSION_COOKIE } from "./token.ts";

/** The columns no request reads from its session: secrets, and verification fields nothing serves. */
type Unread =
  | "passwordHash"
  | "googleSub"
  | "idVerificationImage"
  | "isPhotoRevealed"
  | "isPremium"
  | "idVerified"
  | "idVerificationSkipped"
  | "lastActiveAt";

/**
 * The signed-in user as a request sees it: everything GET /api/user shows and the routes check. Of the
 * password, only whether there is one (a session's user has it; another person's row read by a route not).
 */
export type SessionUser = Omit<UserRow, Unread> & { hasPassword?: boolean };

const {
  passwordHash: _passwordHash,
  googleSub: _googleSub,
  idVerificationImage: _idVerificationImage,
  isPhotoRevealed: _isPhotoRevealed,
  isPremium: _isPremium,
  idVerified: _idVerified,
  idVerificationSkipped: _idVerificationSkipped,
  lastActiveAt: _lastActiveAt,
  ...sessionUserColumns
} = getTableColumns(users);

export interface Session {
  user: SessionUser;
  tokenHash: string;
}

const lookup = prepared((db) =>
  db
    .select({
      user: { ...sessionUserColumns, hasPassword: sql<boolean>`${users.passwordHash} is not null` },
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        // Suspended or banned: their sessions were deleted, and none made since counts.
        isNull(users.bannedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql.placeholder("now"))),
      ),
    )
    .limit(1)
    .prepare("session_lookup"),
);

/** The live session of a token hash, with its user and expiry, from the database. */
export async function findSession(
  db: Executor,
  tokenHash: string,
  now = new Date(),
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const rows = await lookup(db).execute({ tokenHash, now: now.toISOString() });
  return rows[0] ?? null;
}

/** The session of the request's cookies, from the database, uncached (scripts; the app uses Sessions). */
export async function sessionFromCookies(
  db: Executor,
  cookies: Record<string, string | undefined>,
  now = new Date(),
): Promise<Session | null> {
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  const tokenHash = hashToken(token);
  const found = await findSession(db, tokenHash, now);
  return found ? { user: found.user, tokenHash } : null;
}
