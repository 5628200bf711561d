import type { Role } from "@kindred/shared/moderation";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { moderationLog } from "../../db/schema/moderation.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

const ACTION_OF = { moderator: "add_moderator", admin: "add_admin", member: "remove_moderator" } as const;

/**
 * Gives `user` a role and writes it to the audit log, together. `by` is null from the command line.
 * Returns false when they already had it (nothing is logged).
 */
export async function setRole(
  db: Db,
  user: Pick<UserRow, "id" | "username" | "role">,
  role: Role,
  by: { id: number; username: string } | null,
): Promise<boolean> {
  if (user.role === role) return false;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await tx.insert(moderationLog).values({
      actorId: by?.id ?? null,
      actorUsername: by?.username ?? null,
      action: ACTION_OF[role],
      subjectId: user.id,
      subjectUsername: user.username,
    });
  });
  return true;
}
