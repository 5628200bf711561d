import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { matchIsLive } from "../../lib/live-match.ts";

/** Whether `viewerId` may see `ownerId`'s photo: their own, or a live match whose photos are revealed. */
export async function canSeePhoto(db: Executor, ownerId: number, viewerId: number): Promise<boolean> {
  if (ownerId === viewerId) return true;
  const [userId1, userId2] = ownerId < viewerId ? [ownerId, viewerId] : [viewerId, ownerId];
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.userId1, userId1),
        eq(matches.userId2, userId2),
        eq(matches.arePhotosRevealed, true),
        matchIsLive,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
