import { okSchema } from "@kindred/shared/auth";
import {
  blockSchema,
  idParamsSchema,
  matchListSchema,
  matchSchema,
  UNMATCH_UPGRADE_MESSAGE,
  unmatchResultSchema,
} from "@kindred/shared/matches";
import { planOf } from "@kindred/shared/plans";
import { publicUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MatchRow } from "../../db/schema/matches.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { announceCall } from "../calls/events.ts";
import { hideIfReportedByMany } from "../moderation/announce.ts";
import { keepVoiceEvidence } from "../moderation/evidence.ts";
import { findUserById } from "../users/data.ts";
import { toPublicUser } from "../users/present.ts";
import { findLiveMatchBetween, listMatchesFor } from "./data.ts";
import { announceMatchUpdated } from "./events.ts";
import { blockAndReport, endMatch } from "./mutations.ts";
import { toMatch } from "./present.ts";
import { clearPassedSlots, slotPassed } from "./schedule.ts";
import { scheduleRoutes } from "./schedule-routes.ts";

const params = { params: idParamsSchema };

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
export const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.scheduleClock;
  const isOnline = async (userId: number) => (await app.realtime.presence.onlineAmong([userId])).has(userId);

  /**
   * Reading matches is when their passed slots clear; the other person hears of it. The rows read show
   * a passed slot as none already, so the database is written only when one of them has one.
   */
  async function clearPassed(userId: number, read: MatchRow[], now: Date) {
    if (!read.some((match) => slotPassed(match, now))) return;
    for (const cleared of await clearPassedSlots(app.db, userId, now))
      await announceMatchUpdated(app, cleared);
  }

  app.get("/matches", { schema: listSchema }, async (request) => {
    const me = currentUser(request);
    const now = clock.now();
    const rows = await listMatchesFor(app.db, me.id);
    await clearPassed(
      me.id,
      rows.map((r) => r.match),
      now,
    );
    const online = await app.realtime.presence.onlineAmong(rows.map((r) => r.other.id));
    return rows.map(({ match, other }) => toMatch(match, me, other, online.has(other.id), now));
  });

  app.get("/matches/:id", { schema: oneMatchSchema }, async (request) => {
    const me = currentUser(request);
    const now = clock.now();
    const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
    await clearPassed(me.id, [match], now);
    return toMatch(match, me, other, await isOnline(other.id), now);
  });

  app.get("/users/:id", { schema: userSchema }, async (request) => {
    const me = currentUser(request);
    if (request.params.id === me.id) return toPublicUser(me, { photoRevealed: true, liveMatch: true });
    const match = await findLiveMatchBetween(app.db, me.id, request.params.id);
    const other = match && (await findUserById(app.db, request.params.id));
    if (!match || !other) throw notFound("User not found");
    return toPublicUser(other, { photoRevealed: match.arePhotosRevealed, liveMatch: true });
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
      const ended = await endMatch(app.db, match.id, "unmatched", me.id, {
        countAfterMs: app.callClock.countAfterMs,
      });
      if (!ended) throw notFound("Match not found");
      if (ended.call) await announceCall(app, ended.call);
      // The other person's open pages drop the card at once.
      await announceMatchUpdated(app, match);
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
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 404, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      await app.limits.report.take(me.id);
      const ended = await blockAndReport(app.db, match, me, request.body, {
        countAfterMs: app.callClock.countAfterMs,
      });
      if (!ended) throw notFound("Match not found");
      // Both sides hear the call end at once; only the blocker hears it was a block.
      if (ended.call) await announceCall(app, ended.call, {}, me.id);
      // The blocked person's open pages drop the card at once (they are not told it was a block).
      await announceMatchUpdated(app, match);
      // Then, for the moderators: a copy of the voice intro reported, and the automatic hide if due.
      const reportedId = match.userId1 === me.id ? match.userId2 : match.userId1;
      await keepVoiceEvidence(app, ended.reportId, reportedId);
      await hideIfReportedByMany(app, reportedId);
      return { ok: true as const };
    },
  );

  await app.register(scheduleRoutes, { clock });
};
