import { callLengthSeconds } from "@kindred/shared/call-ladder";
import type { CallAllowance, CreateCallInput } from "@kindred/shared/calls";
import { londonDayBounds } from "@kindred/shared/london-time";
import { planOf } from "@kindred/shared/plans";
import type { FastifyInstance } from "fastify";
import type { CallRow } from "../../db/schema/calls.ts";
import { HttpError } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { callsStartedWithin, findLiveCallOfMatch } from "./data.ts";
import { announceCall, ring } from "./events.ts";
import { insertPendingCall } from "./mutations.ts";

/** DECISIONS "Plans": calls the user started today (London), against their plan's limit. */
export async function allowanceFor(
  app: FastifyInstance,
  me: SessionUser,
  now = new Date(),
): Promise<CallAllowance> {
  const day = londonDayBounds(now);
  const used = await callsStartedWithin(app.db, me.id, day);
  const limit = planOf(me.profileType).callsPerDay;
  return { used, limit, remaining: Math.max(0, limit - used), resetsAt: day.end.toISOString() };
}

/**
 * POST /api/calls: the server decides the call day, the initiator and the receiver; a client value
 * that disagrees is refused. A match with a live call gets that call back (the caller joins it).
 */
export async function startCall(
  app: FastifyInstance,
  me: SessionUser,
  input: CreateCallInput,
): Promise<{ call: CallRow; created: boolean }> {
  const { match, other } = await requireLiveMatch(app.db, input.matchId, me.id);
  if (input.initiatorId !== undefined && input.initiatorId !== me.id) {
    throw new HttpError(403, "You can only start a call as yourself.", { field: "initiatorId" });
  }
  if (input.receiverId !== undefined && input.receiverId !== other.id) {
    throw new HttpError(400, "The receiver must be the other person in this match.", { field: "receiverId" });
  }
  const live = await findLiveCallOfMatch(app.db, match.id);
  if (live) return { call: live, created: false };
  const callDay = match.callCount + 1;
  if (input.callDay !== undefined && input.callDay !== callDay) {
    throw new HttpError(
      400,
      `This would be call ${callDay} with ${other.username}, not call ${input.callDay}.`,
      {
        field: "callDay",
      },
    );
  }
  const allowance = await allowanceFor(app, me);
  if (allowance.remaining === 0) {
    const plan = planOf(me.profileType);
    throw new HttpError(
      429,
      `You've started all ${plan.callsPerDay} calls your ${plan.label} plan allows today. You can call again after midnight (UK time).`,
    );
  }
  const lengthSeconds = Math.max(
    1,
    Math.round(callLengthSeconds(callDay, me.profileType) * app.env.CALL_TIME_SCALE),
  );
  const now = new Date();
  const call = await insertPendingCall(
    app.db,
    { matchId: match.id, initiatorId: me.id, receiverId: other.id, callDay, lengthSeconds },
    now,
  );
  // Both pressed Call at once: the other request's call won the unique index; join it.
  if (!call) {
    const winner = await findLiveCallOfMatch(app.db, match.id);
    if (!winner) throw new HttpError(409, "The call could not be started. Please try again.");
    return { call: winner, created: false };
  }
  await ring(app, call, me);
  await announceCall(app, call);
  return { call, created: true };
}
