import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}
