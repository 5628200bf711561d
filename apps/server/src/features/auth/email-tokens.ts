// One-use links sent by mail (OWASP Forgot Password): 256 random bits, only their SHA-256 stored, one
// live link per user and purpose, consumed by a single UPDATE so two clicks cannot both succeed.
import { createHash, randomBytes } from "node:crypto";
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "@kindred/shared/mail";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type EmailTokenRow, emailTokens } from "../../db/schema/mail.ts";

export type TokenPurpose = EmailTokenRow["purpose"];

const TTL_MS: Record<TokenPurpose, number> = {
  reset: RESET_TOKEN_TTL_MS,
  verify: VERIFY_TOKEN_TTL_MS,
  change: VERIFY_TOKEN_TTL_MS,
};

/** A fast hash is enough: the token is 256 random bits, nothing to brute-force. */
export const hashEmailToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Voids the user's unused links of these purposes (a newer one replaces them, or they no longer fit). */
export async function voidEmailTokens(
  db: Executor,
  userId: number,
  purposes: readonly TokenPurpose[],
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)),
    );
}

/** A new link for `purpose`, voiding the user's older unused ones of that purpose; returns the raw token. */
export async function issueEmailToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  newEmail: string | null = null,
): Promise<string> {
  await voidEmailTokens(db, userId, [purpose], now);
  const token = randomBytes(32).toString("base64url");
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashEmailToken(token),
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS[purpose]),
  });
  return token;
}

const live = (token: string, purposes: readonly TokenPurpose[], now: Date) =>
  and(
    eq(emailTokens.tokenHash, hashEmailToken(token)),
    inArray(emailTokens.purpose, purposes),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** The live link behind `token`, without using it (to refuse a dead link before costly work). */
export async function findLiveEmailToken(
  db: Executor,
  token: string,
  purposes: readonly TokenPurpose[],
  now: Date,
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(live(token, purposes, now))
    .limit(1);
  return row ?? null;
}

/** Uses the link: exactly one caller gets its row, every later one (or a dead link) gets null. */
export async function consumeEmailToken(
  db: Executor,
  token: string,
  purposes: readonly TokenPurpose[],
  now: Date,
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(live(token, purposes, now))
    .returning();
  return row ?? null;
}
