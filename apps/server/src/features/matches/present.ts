import { isLiveMatch, type Match } from "@kindred/shared/matches";
import { photosRevealAfterCalls } from "@kindred/shared/plans";
import type { MatchRow } from "../../db/schema/matches.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { toPublicUser } from "../users/present.ts";
import { scheduleFor } from "./schedule.ts";

/** The answers two people share, values first: 'You both value Honesty and trust · Quality time'. */
function commonGround(me: SessionUser, other: SessionUser): string[] {
  const alike = (a: string | null, b: string | null) => (a !== null && a === b ? [a] : []);
  return [...alike(me.values, other.values), ...alike(me.loveLanguage, other.loveLanguage)];
}

/**
 * `me` is the viewer: the reveal rule depends on both plans, and the schedule says who proposed it.
 * `now`: the scheduling clock's (ScheduleClock), which decides whether 'Join call' shows.
 */
export function toMatch(
  match: MatchRow,
  me: SessionUser,
  other: SessionUser,
  online: boolean,
  now = new Date(),
): Match {
  const schedule = scheduleFor(match, me.id, now);
  return {
    id: match.id,
    userId1: match.userId1,
    userId2: match.userId2,
    compatibility: match.compatibility,
    matchDate: match.matchDate.toISOString(),
    callCount: match.callCount,
    lastCallDate: match.lastCallDate?.toISOString() ?? null,
    callScheduled: schedule !== null,
    scheduledCallTime: schedule?.at ?? null,
    schedule,
    isChatUnlocked: match.isChatUnlocked,
    arePhotosRevealed: match.arePhotosRevealed,
    status: match.status,
    photosRevealAfterCalls: photosRevealAfterCalls(me.profileType, other.profileType),
    commonGround: commonGround(me, other),
    otherUser: {
      ...toPublicUser(other, {
        photoRevealed: match.arePhotosRevealed,
        liveMatch: isLiveMatch(match.status),
      }),
      callPreferences: other.callPreferences ?? null,
      online,
    },
  };
}
