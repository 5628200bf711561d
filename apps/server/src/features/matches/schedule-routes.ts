import { SCHEDULE_HORIZON_DAYS } from "@kindred/shared/constants";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { acceptScheduleSchema, idParamsSchema, matchSchema, scheduleSchema } from "@kindred/shared/matches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { MatchRow } from "../../db/schema/matches.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { publicOrigin } from "../../lib/public-origin.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { announceMatchUpdated } from "./events.ts";
import { callInvite } from "./ics.ts";
import { toMatch } from "./present.ts";
import { acceptSlot, cancelSlot, proposeSlot, scheduleFor } from "./schedule.ts";
import type { ScheduleClock } from "./schedule-clock.ts";

const params = { params: idParamsSchema };
const DAY_MS = 24 * 60 * 60_000;
const answers = { 200: matchSchema, ...errorResponses(...WRITE_ERRORS, 401, 404, 409) };

/**
 * DECISIONS "Scheduling": one person proposes a slot, the other accepts it or proposes another, either
 * cancels. Each change reaches both people's status sockets ('match:updated'). Every answer is the
 * match as the caller now sees it.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{ clock: ScheduleClock }> = async (app, { clock }) => {
  const isOnline = async (userId: number) => (await app.realtime.presence.onlineAmong([userId])).has(userId);

  async function changed(row: MatchRow | null, me: SessionUser, other: UserRow, now: Date) {
    if (!row) throw notFound("Match not found");
    await announceMatchUpdated(app, row);
    return toMatch(row, me, other, await isOnline(other.id), now);
  }

  app.post(
    "/matches/:id/schedule",
    {
      schema: {
        ...params,
        summary: "Propose a slot for the match's next call (a London date and hour, in the future)",
        description: "Replaces any earlier proposal, by either person; the other person may accept it.",
        body: scheduleSchema,
        response: answers,
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
      const now = clock.now();
      const at = londonWallTimeToInstant(request.body.date, request.body.time);
      if (!at) throw new HttpError(400, "Please choose a date", { field: "date" });
      if (at.getTime() <= now.getTime()) {
        throw new HttpError(400, "Please choose a time in the future", { field: "time" });
      }
      if (at.getTime() > now.getTime() + SCHEDULE_HORIZON_DAYS * DAY_MS) {
        throw new HttpError(400, `Please choose a date within the next ${SCHEDULE_HORIZON_DAYS} days`, {
          field: "date",
        });
      }
      return changed(await proposeSlot(app.db, match.id, me.id, at), me, other, now);
    },
  );

  app.post(
    "/matches/:id/schedule/accept",
    {
      schema: {
        ...params,
        summary: "Accept the slot the other person proposed (`at`: the slot as the caller saw it)",
        body: acceptScheduleSchema,
        response: answers,
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
      const now = clock.now();
      const at = new Date(request.body.at);
      if (Number.isNaN(at.getTime()))
        throw new HttpError(400, "Please choose the time to accept", { field: "at" });
      const accepted = await acceptSlot(app.db, match.id, me.id, at);
      if (accepted) return changed(accepted, me, other, now);
      // Why not, from the match as it is now.
      const current = scheduleFor(match, me.id, now);
      if (!current) {
        throw new HttpError(
          409,
          `There is no proposed time to accept: ${other.username} may have cancelled it.`,
        );
      }
      if (current.proposedBy === "me" && current.at === at.toISOString()) {
        throw new HttpError(409, `You proposed this time, so it's ${other.username}'s to accept.`);
      }
      throw new HttpError(409, `${other.username} has proposed another time: have a look at it first.`);
    },
  );

  app.delete(
    "/matches/:id/schedule",
    {
      schema: { ...params, summary: "Cancel the scheduled call (either person may)", response: answers },
    },
    async (request) => {
      const me = currentUser(request);
      const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
      return changed(await cancelSlot(app.db, match.id), me, other, clock.now());
    },
  );

  app.get(
    "/matches/:id/invite.ics",
    {
      schema: {
        ...params,
        summary: "The scheduled call as a calendar invite (.ics download)",
        response: {
          200: { description: "An iCalendar file", content: { "text/calendar": { schema: z.string() } } },
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { match, other } = await requireLiveMatch(app.db, request.params.id, me.id);
      const schedule = scheduleFor(match, me.id, clock.now());
      if (!schedule) throw notFound("No call is scheduled for this match");
      const url = `${publicOrigin(request)}/call/${match.id}`;
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="kindred-call-${match.id}.ics"`)
        .send(
          callInvite({ matchId: match.id, at: new Date(schedule.at), withUsername: other.username, url }),
        );
    },
  );

  // A browser test cannot wait hours for a slot's window: test apps only may move the scheduling clock.
  if (app.env.NODE_ENV !== "test") return;
  app.put(
    "/test/schedule-clock",
    {
      schema: {
        summary: "Test apps only (NODE_ENV=test): move the scheduling clock to `at` (null: the real time)",
        body: z.object({ at: z.iso.datetime().nullable() }),
        response: { 200: z.object({ now: z.string() }), ...errorResponses(...WRITE_ERRORS, 401) },
      },
    },
    async (request) => {
      currentUser(request);
      clock.set(request.body.at ? new Date(request.body.at) : null);
      return { now: clock.now().toISOString() };
    },
  );
};
