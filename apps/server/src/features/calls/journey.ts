// Around a call (issue 27 §3, §5): a receiver's missed calls, and what an ended call changed.

import type { CallOutcome, MissedCalls } from "@kindred/shared/call-journey";
import { CHAT_UNLOCK_CALLS } from "@kindred/shared/call-ladder";
import { isLiveCall } from "@kindred/shared/calls";
import { photosRevealAfterCalls } from "@kindred/shared/plans";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { type CallWithOther, countedCallNumber, findMissedFor } from "./data.ts";
import { viewOf } from "./present.ts";

/** GET /api/calls/missed: the receiver's own, in live matches only (a blocked or ended match's are gone). */
export async function missedCallsOf(app: FastifyInstance, userId: number): Promise<MissedCalls> {
  const rows = await findMissedFor(app.db, userId);
  const list = rows.map(({ call, caller }) => ({
    callId: call.id,
    matchId: call.matchId,
    from: caller,
    at: call.startTime.toISOString(),
    seen: call.receiverSeen,
  }));
  return { calls: list, unseen: list.filter((c) => !c.seen).length };
}

/**
 * What the call was and what it changed, from the records: the n-th counted call of the match
 * unlocked the chat when n is the unlock count, and revealed photos when n is the pair's reveal count.
 */
export async function outcomeOf(
  app: FastifyInstance,
  me: SessionUser,
  { call }: CallWithOther,
): Promise<CallOutcome> {
  if (isLiveCall(call.status)) throw new HttpError(409, "This call hasn't ended yet.");
  const { match, other } = await requireLiveMatch(app.db, call.matchId, me.id);
  const callNumber = call.counted ? await countedCallNumber(app.db, call) : null;
  const revealAfter = photosRevealAfterCalls(me.profileType, other.profileType);
  return {
    callId: call.id,
    matchId: call.matchId,
    status: viewOf(call, me.id).status,
    durationSeconds: call.duration ?? 0,
    counted: call.counted,
    callNumber,
    chatUnlocked: callNumber === CHAT_UNLOCK_CALLS && match.isChatUnlocked,
    photosRevealed: callNumber === revealAfter && match.arePhotosRevealed,
    nextCallDay: match.callCount + 1,
    otherUser: { id: other.id, username: other.username },
  };
}
