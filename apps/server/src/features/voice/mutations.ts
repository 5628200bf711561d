import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type StoredVoiceIntro, type UserRow, users } from "../../db/schema/users.ts";

/**
 * Sets (or clears) the voice intro and returns the one it replaced, read under the row lock: two
 * saves racing each learn what the other wrote, so no replaced file is left behind. Null when the
 * account is gone (deleted while the upload was on its way).
 */
export async function setVoiceIntro(
  db: Executor,
  userId: number,
  voice: StoredVoiceIntro | null,
): Promise<{ row: UserRow; replaced: StoredVoiceIntro | null } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ voiceIntro: users.voiceIntro })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    if (!before) return null;
    const [row] = await tx.update(users).set({ voiceIntro: voice }).where(eq(users.id, userId)).returning();
    return row ? { row, replaced: before.voiceIntro } : null;
  });
}
