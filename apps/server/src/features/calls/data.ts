import { isLiveCall } from "@kindred/shared/calls";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { findLiveMatchFor } from "../../lib/live-match.ts";

/**
 * A call of the user's that is ringing or under way, in a match that is still live, with the other
 * participant's id; null for anyone else's call, an ended one, or one that is not there.
 */
export async function findLiveCallFor(
  db: Executor,
  callId: number,
  userId: number,
): Promise<{ call: CallRow; otherUserId: number } | null> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call || !isLiveCall(call.status)) return null;
  if (call.initiatorId !== userId && call.receiverId !== userId) return null;
  if (!(await findLiveMatchFor(db, call.matchId, userId))) return null;
  return { call, otherUserId: call.initiatorId === userId ? call.receiverId : call.initiatorId };
}
