import { callLengthSeconds } from "@kindred/shared/call-ladder";
import type { CallAllowance, CreateCallInput } from "@kindred/shared/calls";
import { londonDayBounds } from "@kindred/shared/london-time";
import { planOf } from "@kindred/shared/plans";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { CallRow } from "../../db/schema/calls.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { tooManyRequests } from "../../lib/rate-limit.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { pushRing } from "../notifications/triggers.ts";
import { callsStartedWithin, findLiveCallOfMatch, lockLiveMatch, ringTimesInMatch } from "./data.ts";
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

/** The first key of the advisory lock a caller's starts take (the second is their id): "call". */
const CALLS_STARTED_LOCK = 0x63616c6c;

/** Rings per caller per match: ringing again and again is harassment, answered or not. */
export const RINGS_PER_MATCH = 5;
export const RING_WINDOW_MS = 10 * 60_000;

/**
 * The limits of starting a call, counted from the calls table (so they hold across instances) under
 * the caller's lock: the plan's calls per day, then rings to this match in the last 10 minutes.
 */
async function refuseOverLimits(
  tx: Executor,
  me: SessionUser,
  match: { matchId: number; name: string },
  now: Date,
): Promise<void> {
  const plan = planOf(me.profileType);
  const day = londonDayBounds(now);
  if ((await callsStartedWithin(tx, me.id, day)) >= plan.callsPerDay) {
    throw new HttpError(
      429,
      `You've started all ${plan.callsPerDay} calls your ${plan.label} plan allows today. You can call again after midnight (UK time).`,
    );
  }
  const since = new Date(now.getTime() - RING_WINDOW_MS);
  const rings = await ringTimesInMatch(tx, me.id, match.matchId, since, RINGS_PER_MATCH);
  const oldest = rings[RINGS_PER_MATCH - 1];
  if (oldest) {
    // Retry-After: when the oldest of those rings leaves the window.
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + RING_WINDOW_MS - now.getTime()) / 1000));
    throw tooManyRequests(
      (wait) =>
        `You've called ${match.name} ${RINGS_PER_MATCH} times in the last 10 minutes. You can call again in ${wait}.`,
      seconds,
    );
  }
}

/**
 * POST /api/calls: the server decides the call day, the initiator and the receiver; a client value
 * that disagrees is refused. A match with a live call gets that call back (the caller joins it).
 */
export async function startCall(
  app: FastifyInstance,
  me: SessionUser,
  input: CreateCallInput,
  now = new Date(),
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
  const lengthSeconds = Math.max(
    1,
    Math.round(callLengthSeconds(callDay, me.profileType) * app.env.CALL_TIME_SCALE),
  );
  const values = { matchId: match.id, initiatorId: me.id, receiverId: other.id, callDay, lengthSeconds };
  const call = await app.db.transaction(async (tx) => {
    // One start at a time per caller, on every instance: the limits below count, then insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${CALLS_STARTED_LOCK}::int, ${me.id}::int)`);
    if (!(await lockLiveMatch(tx, match.id))) throw notFound("Match not found");
    await refuseOverLimits(tx, me, { matchId: match.id, name: other.username }, now);
    const row = await insertPendingCall(tx, values, now);
    // The ring's push is decided in the call's transaction: both commit, or neither.
    if (row) await pushRing(tx, app, row, me.username, match, now);
    return row;
  });
  // Both pressed Call at once: the other request's call won the unique index; join it.
  if (!call) {
    const winner = await findLiveCallOfMatch(app.db, match.id);
    if (!winner) throw new HttpError(409, "The call could not be started. Please try again.");
    return { call: winner, created: false };
  }
  app.push.kick(); // the ring's push leaves now, not at the sender's next sweep
  await ring(app, call, me);
  await announceCall(app, call);
  return { call, created: true };
}
