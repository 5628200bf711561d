import type { ProfileType } from "@kindred/shared/plans";
import type { ProfileUpdate } from "@kindred/shared/profile";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

export async function updateProfile(
  db: Executor,
  userId: number,
  changes: ProfileUpdate & { age?: number },
): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished during update`);
  return row;
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

export async function setPhoto(db: Executor, userId: number, photoKey: string | null): Promise<UserRow> {
  const [row] = await db.update(users).set({ photoUrl: photoKey }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished during photo change`);
  return row;
}
