import { callOutcomeSchema, markMissedSeenSchema, missedCallsSchema } from "@kindred/shared/call-journey";
import {
  callAllowanceSchema,
  callSchema,
  createCallSchema,
  iceConfigSchema,
  incomingCallSchema,
  updateCallSchema,
} from "@kindred/shared/calls";
import { idParamsSchema, pathIdSchema } from "@kindred/shared/matches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { pushRingEnded } from "../notifications/triggers.ts";
import type { CallClock } from "./clock.ts";
import { findCallFor, findLiveCallOfMatch, findRingingFor } from "./data.ts";
import { announceCall } from "./events.ts";
import { iceConfigFor } from "./ice.ts";
import { missedCallsOf, outcomeOf } from "./journey.ts";
import { answerCall, endRinging, markMissedSeen } from "./mutations.ts";
import { incomingEvent, toCallFor } from "./present.ts";
import { allowanceFor, startCall } from "./start.ts";

const ENDED = "This call has already ended.";

const iceSchema = {
  summary: "The STUN/TURN servers for the signed-in user's calls",
  response: { 200: iceConfigSchema, ...errorResponses(401) },
};
const allowanceSchema = {
  summary: "Calls the signed-in user may still start today (London day)",
  response: { 200: callAllowanceSchema, ...errorResponses(401) },
};

/** SPEC §7 calls API. Participants only: any other id is 404, never 403. Times are the server's. */
export const callsRoutes: FastifyPluginAsyncZod<{ clock: CallClock }> = async (app, { clock }) => {
  app.post(
    "/calls",
    {
      schema: {
        summary: "Start a call in a match (201), or get the match's live call back (200)",
        body: createCallSchema,
        response: {
          200: callSchema,
          201: callSchema,
          ...errorResponses(...WRITE_ERRORS, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { call, created } = await startCall(app, me, request.body);
      return reply.status(created ? 201 : 200).send(toCallFor(call, me.id));
    },
  );

  app.get("/calls/ice-servers", { schema: iceSchema }, async (request) =>
    iceConfigFor(app.env, currentUser(request).id),
  );

  app.get("/calls/allowance", { schema: allowanceSchema }, async (request) =>
    allowanceFor(app, currentUser(request)),
  );

  // What the banner shows, fetchable: a page opened (or reconnected) while a call rings still shows it.
  app.get(
    "/calls/incoming",
    {
      schema: {
        summary: "Calls ringing for the signed-in user now",
        response: { 200: z.array(incomingCallSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const now = new Date();
      const rows = await findRingingFor(app.db, currentUser(request).id, now);
      return rows.map(({ call, caller }) => incomingEvent(call, caller, now));
    },
  );

  // Issue 27 §3: the receiver's missed and declined calls, until a later call in the match.
  app.get(
    "/calls/missed",
    {
      schema: {
        summary: "The signed-in user's missed calls: per live match its latest call, when they missed it",
        response: { 200: missedCallsSchema, ...errorResponses(401) },
      },
    },
    async (request) => missedCallsOf(app, currentUser(request).id),
  );

  app.post(
    "/calls/missed/seen",
    {
      schema: {
        summary: "Mark the signed-in user's missed calls seen: all, or one match's",
        body: markMissedSeenSchema.optional(),
        response: { 200: missedCallsSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const matchId = request.body?.matchId;
      if (matchId !== undefined) await requireLiveMatch(app.db, matchId, me.id);
      await markMissedSeen(app.db, me.id, matchId);
      return missedCallsOf(app, me.id);
    },
  );

  app.get(
    "/calls/:id/outcome",
    {
      schema: {
        summary: "What one of the signed-in user's ended calls was and changed (length, progress, unlocks)",
        params: idParamsSchema,
        response: { 200: callOutcomeSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const found = await findCallFor(app.db, request.params.id, me.id);
      if (!found) throw notFound("Call not found");
      return outcomeOf(app, me, found);
    },
  );

  app.get(
    "/calls/match/:matchId/active",
    {
      schema: {
        summary: "The live (ringing or active) call of a match",
        params: z.object({ matchId: pathIdSchema }),
        response: { 200: callSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await requireLiveMatch(app.db, request.params.matchId, me.id);
      const call = await findLiveCallOfMatch(app.db, request.params.matchId);
      if (!call) throw notFound("Couldn't find an active call for this match");
      return toCallFor(call, me.id);
    },
  );

  app.get(
    "/calls/:id",
    {
      schema: {
        summary: "One of the signed-in user's calls",
        params: idParamsSchema,
        response: { 200: callSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const found = await findCallFor(app.db, request.params.id, me.id);
      if (!found) throw notFound("Call not found");
      return toCallFor(found.call, me.id);
    },
  );

  app.patch(
    "/calls/:id",
    {
      schema: {
        summary: "Answer, decline, cancel or hang up a call",
        params: idParamsSchema,
        body: updateCallSchema,
        response: { 200: callSchema, ...errorResponses(...WRITE_ERRORS, 401, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const found = await findCallFor(app.db, request.params.id, me.id);
      if (!found) throw notFound("Call not found");
      const { call } = found;
      const { status } = request.body;
      const now = new Date();
      if ((status === "active" || status === "rejected") && call.receiverId !== me.id) {
        throw new HttpError(403, "Only the person being called can answer or decline.");
      }
      if (status === "completed" && call.status === "active") {
        const ended = await clock.complete(call.id, "hangup", me.id, now);
        if (!ended) throw new HttpError(409, ENDED);
        return toCallFor(ended, me.id);
      }
      // Hanging up before an answer is a cancel, whichever word the client used.
      const changed =
        status === "active"
          ? await answerCall(app.db, call.id, me.id, now)
          : await endRinging(app.db, call.id, status === "rejected" ? "rejected" : "cancelled", me.id, now);
      if (!changed) throw new HttpError(409, ENDED);
      await announceCall(app, changed);
      await pushRingEnded(app, changed, now);
      if (changed.status === "active") clock.watchDeadline(changed);
      return toCallFor(changed, me.id);
    },
  );
};
