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
import type { CallClock } from "../../jobs/call-clock.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { findCallFor, findLiveCallOfMatch, findRingingFor } from "./data.ts";
import { announceCall } from "./events.ts";
import { iceConfigFor } from "./ice.ts";
import { answerCall, endRinging } from "./mutations.ts";
import { incomingEvent, toCallFor } from "./present.ts";
import { allowanceFor, startCall } from "./start.ts";

const ENDED = "This call has already ended.";

/** SPEC §7 calls API. Participants only: any other id is 404, never 403. Times are the server's. */
export const callsRoutes: FastifyPluginAsyncZod<{ clock: CallClock }> = async (app, { clock }) => {
  app.post(
    "/calls",
    { schema: { body: createCallSchema, response: { 200: callSchema, 201: callSchema } } },
    async (request, reply) => {
      const me = currentUser(request);
      const { call, created } = await startCall(app, me, request.body);
      return reply.status(created ? 201 : 200).send(toCallFor(call, me.id));
    },
  );

  app.get("/calls/ice-servers", { schema: { response: { 200: iceConfigSchema } } }, async (request) =>
    iceConfigFor(app.env, currentUser(request).id),
  );

  app.get("/calls/allowance", { schema: { response: { 200: callAllowanceSchema } } }, async (request) =>
    allowanceFor(app, currentUser(request)),
  );

  // What the banner shows, fetchable: a page opened (or reconnected) while a call rings still shows it.
  app.get(
    "/calls/incoming",
    { schema: { response: { 200: z.array(incomingCallSchema) } } },
    async (request) => {
      const now = new Date();
      const rows = await findRingingFor(app.db, currentUser(request).id, now);
      return rows.map(({ call, caller }) => incomingEvent(call, caller, now));
    },
  );

  app.get(
    "/calls/match/:matchId/active",
    { schema: { params: z.object({ matchId: pathIdSchema }), response: { 200: callSchema } } },
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
    { schema: { params: idParamsSchema, response: { 200: callSchema } } },
    async (request) => {
      const me = currentUser(request);
      const found = await findCallFor(app.db, request.params.id, me.id);
      if (!found) throw notFound("Call not found");
      return toCallFor(found.call, me.id);
    },
  );

  app.patch(
    "/calls/:id",
    { schema: { params: idParamsSchema, body: updateCallSchema, response: { 200: callSchema } } },
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
      if (changed.status === "active") clock.watchDeadline(changed);
      return toCallFor(changed, me.id);
    },
  );
};
