import type { Executor } from "../../db/client.ts";
import { findLiveMatchBetween } from "../matches/data.ts";

/** Whether `viewerId` may hear `ownerId`'s voice intro: their own, or a live match's (not ended, not blocked). */
export async function canHearVoice(db: Executor, ownerId: number, viewerId: number): Promise<boolean> {
  return ownerId === viewerId || (await findLiveMatchBetween(db, ownerId, viewerId)) !== null;
}
