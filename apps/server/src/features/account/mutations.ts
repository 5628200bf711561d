import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

/**
 * Deletes the account. The foreign keys cascade to sessions, matches (so they end for the other side),
 * messages, calls and notes; reports keep their text with the reporter/reported ids set to null.
 */
export async function deleteAccount(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
