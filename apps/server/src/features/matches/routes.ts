import { okSchema } from "@kindred/shared/auth";
import { SCHEDULE_HORIZON_DAYS } from "@kindred/shared/constants";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import {
  blockSchema,
  idParamsSchema,
  matchListSchema,
  matchSchema,
  scheduleSchema,
  UNMATCH_UPGRADE_MESSAGE,
  unmatchResultSchema,
} from "@kindred/shared/matches";
import { planOf } from "@kindred/shared/plans";
import { publicUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { publicOrigin } from "../../lib/public-origin.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { findUserById } from "../users/data.ts";
import { toPublicUser } from "../users/present.ts";
import { findLiveMatchBetween, listMatchesFor } from "./data.ts";
import { callInvite } from "./ics.ts";
import { blockAndReport, endMatch, scheduleCall } from "./mutations.ts";
import { toMatch } from "./present.ts";

const params = { params: idParamsSchema };
const DAY_MS = 24 * 60 * 60_000;

const listSchema = {
  summary: "The signed-in user's live matches",
  response: { 200: matchListSchema, ...errorResponses(401) },
};
const oneMatchSchema = {
  ...params,
  summary: "One of the signed-in user's live matches",
  response: { 200: matchSchema, ...errorResponses(401, 404) },
};
const userSchema = {
  ...params,
  summary: "The signed-in user, or someone they share a live match with, as others see them",
  response: { 200: publicUserSchema, ...errorResponses(401, 404) },
};
const inviteSchema = {
  ...params,
  summary: "The scheduled call as a calendar invite (.ics download)",
  response: {
    200: { description: "An iCalendar file", content: { "text/calendar": { schema: z.string() } } },
    ...errorResponses(401, 404),
  },
};

export const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const isOnline = async (userId: number) => (await app.realtime.presence.onlineAmong([userId])).has(userId);

  app.get("/matches", { schema: listSchema }, async (request) => {
    const me = currentUser(request);
    const rows = await listMatchesFor(app.db, me.id);
    const online = await app.realtime.presence.onlineAmong(rows.map((r) => r.other.id));
    return rows.map(({ match, other }) => toMatch(match, me, other, online.has(other.id)));
  });

  app.get("/matches/:id", { schema: oneMatchSchema }, async (request) => {
    const me = currentUser(request);
    const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
    return toMatch(match, me, other, await isOnline(other.id));
  });

  app.get("/users/:id", { schema: userSchema }, async (request) => {
    const me = currentUser(request);
    if (request.params.id === me.id) return toPublicUser(me, { photoRevealed: true });
    const match = await findLiveMatchBetween(app.db, me.id, request.params.id);
    const other = match && (await findUserById(app.db, request.params.id));
    if (!match || !other) throw notFound("User not found");
    return toPublicUser(other, { photoRevealed: match.arePhotosRevealed });
  });

  app.post(
    "/matches/:id/unmatch",
    {
      schema: {
        ...params,
        summary: "End a match (plans that allow it; else 403 with requiresUpgrade)",
        response: { 200: unmatchResultSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      if (!planOf(me.profileType).canUnmatch) {
        throw new HttpError(403, UNMATCH_UPGRADE_MESSAGE, { requiresUpgrade: true });
      }
      if (!(await endMatch(app.db, match.id, "unmatched", me.id))) throw notFound("Match not found");
      return { ok: true, status: "unmatched", requiresUpgrade: false, message: "Successfully unmatched" };
    },
  );

  app.post(
    "/matches/:id/block",
    {
      schema: {
        ...params,
        summary: "Block the other person of a match, and report them",
        body: blockSchema,
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      if (!(await blockAndReport(app.db, match, me, request.body))) throw notFound("Match not found");
      return { ok: true as const };
    },
  );

  app.post(
    "/matches/:id/schedule",
    {
      schema: {
        ...params,
        summary: "Schedule the match's next call (a London date and hour, in the future)",
        body: scheduleSchema,
        response: { 200: matchSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
      const at = londonWallTimeToInstant(request.body.date, request.body.time);
      if (!at) throw new HttpError(400, "Please choose a date", { field: "date" });
      if (at.getTime() <= Date.now()) {
        throw new HttpError(400, "Please choose a time in the future", { field: "time" });
      }
      if (at.getTime() > Date.now() + SCHEDULE_HORIZON_DAYS * DAY_MS) {
        throw new HttpError(400, `Please choose a date within the next ${SCHEDULE_HORIZON_DAYS} days`, {
          field: "date",
        });
      }
      const scheduled = await scheduleCall(app.db, match.id, at);
      if (!scheduled) throw notFound("Match not found");
      return toMatch(scheduled, me, other, await isOnline(other.id));
    },
  );

  app.get("/matches/:id/invite.ics", { schema: inviteSchema }, async (request, reply) => {
    const { match, other } = await requireLiveMatch(app.db, request.params.id, currentUser(request).id);
    if (!match.callScheduled || !match.scheduledCallTime)
      throw notFound("No call is scheduled for this match");
    const url = `${publicOrigin(request)}/call/${match.id}`;
    return reply
      .type("text/calendar; charset=utf-8")
      .header("content-disposition", `attachment; filename="kindred-call-${match.id}.ics"`)
      .send(
        callInvite({ matchId: match.id, at: match.scheduledCallTime, withUsername: other.username, url }),
      );
  });
};
