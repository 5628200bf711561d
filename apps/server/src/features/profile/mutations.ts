import type { ProfileType } from "@kindred/shared/plans";
import type { ProfileUpdate } from "@kindred/shared/profile";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

/**
 * Applies `changes` to the user's row once `check` has accepted them against that row as it is now,
 * under its lock (FOR NO KEY UPDATE, as match generation takes: foreign-key checks still pass): two saves
 * racing are checked one after the other, never both against the same past (each fine alone, together
 * they could invert the age range).
 */
export async function updateProfile(
  db: Executor,
  userId: number,
  changes: ProfileUpdate & { age?: number },
  check: (current: UserRow) => void = () => {},
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
    if (!current) throw new Error(`user ${userId} vanished during update`);
    check(current);
    // An empty update ({} from a step without fields) is no SQL at all: Drizzle refuses an empty SET.
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return current;
    const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    if (!row) throw new Error(`user ${userId} vanished during update`);
    return row;
  });
}

/** The one place a plan changes; a payment provider will sit in front of it. */
export async function changePlan(db: Executor, userId: number, profileType: ProfileType): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ profileType, isPremium: profileType !== "basic" })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished during plan change`);
  return row;
}

/**
 * Sets the photo key and returns the key it replaced, read under the row lock: two uploads racing
 * each learn the key the other wrote, so every replaced file is removed and none is left behind.
 * Null when the account is gone (deleted while an upload was on its way).
 */
export async function setPhoto(
  db: Executor,
  userId: number,
  photoKey: string | null,
): Promise<{ row: UserRow; replaced: string | null } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photoUrl: users.photoUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    // No row: the account was deleted while the photo was on its way.
    if (!before) return null;
    const [row] = await tx.update(users).set({ photoUrl: photoKey }).where(eq(users.id, userId)).returning();
    return row ? { row, replaced: before.photoUrl } : null;
  });
}
