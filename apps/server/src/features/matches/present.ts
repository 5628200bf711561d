import type { Match } from "@kindred/shared/matches";
import { photosRevealAfterCalls } from "@kindred/shared/plans";
import type { MatchRow } from "../../db/schema/matches.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { toPublicUser } from "../users/present.ts";

/** `me` is the viewer: the reveal rule depends on both plans. */
export function toMatch(match: MatchRow, me: SessionUser, other: SessionUser, online: boolean): Match {
  return {
    id: match.id,
    userId1: match.userId1,
    userId2: match.userId2,
    compatibility: match.compatibility,
    matchDate: match.matchDate.toISOString(),
    callCount: match.callCount,
    lastCallDate: match.lastCallDate?.toISOString() ?? null,
    callScheduled: match.callScheduled,
    scheduledCallTime: match.scheduledCallTime?.toISOString() ?? null,
    isChatUnlocked: match.isChatUnlocked,
    arePhotosRevealed: match.arePhotosRevealed,
    status: match.status,
    photosRevealAfterCalls: photosRevealAfterCalls(me.profileType, other.profileType),
    otherUser: {
      ...toPublicUser(other, { photoRevealed: match.arePhotosRevealed }),
      callPreferences: other.callPreferences ?? null,
      online,
    },
  };
}
