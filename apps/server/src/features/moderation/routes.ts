import { okSchema } from "@kindred/shared/auth";
import { idParamsSchema } from "@kindred/shared/matches";
import {
  appealInputSchema,
  auditEntrySchema,
  auditQuerySchema,
  decisionInputSchema,
  decisionSchema,
  isModerator,
  MODERATION_ERRORS,
  moderationQueueSchema,
  moderatorInputSchema,
  moderatorSchema,
  statementQuerySchema,
  statementSchema,
} from "@kindred/shared/moderation";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { findUserByEmail } from "../auth/data.ts";
import { findUserById } from "../users/data.ts";
import { audioBytes, sendRecording } from "../voice/send-recording.ts";
import { announceDecision } from "./announce.ts";
import { acknowledgeNotice, fileAppeal } from "./appeals.ts";
import {
  auditLog,
  findStatement,
  hasOtherModerator,
  listModerators,
  openAppeals,
  openReports,
  reportsDecidedBy,
  usersByIds,
  voiceEvidenceOf,
} from "./data.ts";
import { decide } from "./mutations.ts";
import { toAuditEntry, toDecision, toQueue } from "./present.ts";
import { setRole } from "./roles.ts";
import { statementOf } from "./statements.ts";

// Staff routes are public to the auth hook so that a member and a signed-out visitor get the same 404
// as an unknown path (not a 401 that would tell them the route exists).
const staff = { config: { public: true } };

function staffOnly(request: FastifyRequest, level: "moderator" | "admin" = "moderator"): SessionUser {
  const user = request.user;
  if (!user || !(level === "admin" ? user.role === "admin" : isModerator(user.role))) throw notFound();
  return user;
}

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({
    now: app.scheduleClock.now(),
    origin: mailOrigin(app.env),
    countAfterMs: app.callClock.countAfterMs,
  });

  app.get(
    "/moderation/queue",
    {
      ...staff,
      schema: {
        summary: "Open cases, most urgent first (moderators)",
        response: { 200: moderationQueueSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const me = staffOnly(request);
      const [reports, allAppeals] = await Promise.all([openReports(app.db), openAppeals(app.db)]);
      // An appeal goes to a moderator other than the one who decided, when there is one.
      const others = await hasOtherModerator(app.db, me.id);
      const appeals = allAppeals.filter((a) => !(others && a.decision.actorId === me.id));
      const ids = [
        ...new Set([...reports.map((r) => r.report.reportedId as number), ...appeals.map((a) => a.userId)]),
      ];
      const decided = await reportsDecidedBy(
        app.db,
        appeals.map((a) => a.decision.id),
      );
      return toQueue(reports, appeals, decided, await usersByIds(app.db, ids));
    },
  );

  app.post(
    "/moderation/decisions",
    {
      ...staff,
      schema: {
        summary: "Decide a person's open case: dismiss, warn, suspend (1, 7 or 30 days) or ban (moderators)",
        body: decisionInputSchema,
        response: { 201: decisionSchema, ...errorResponses(...WRITE_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = staffOnly(request);
      const decided = await decide(app.db, me, request.body, context());
      await announceDecision(app, decided);
      return reply.status(201).send(toDecision(decided.decision));
    },
  );

  app.get(
    "/moderation/reports/:id/voice",
    {
      ...staff,
      schema: {
        summary: "The copy of a voice intro a report kept (moderators)",
        params: idParamsSchema,
        response: {
          200: {
            description: "The recording as it was when reported",
            content: { "audio/webm": { schema: audioBytes } },
          },
          206: { description: "The range asked for", content: { "audio/webm": { schema: audioBytes } } },
          ...errorResponses(404, 416),
        },
      },
    },
    async (request, reply) => {
      staffOnly(request);
      const voice = await voiceEvidenceOf(app.db, request.params.id);
      if (!voice) throw notFound();
      return sendRecording(request, reply, voice, await app.voiceFiles.read(voice.key));
    },
  );

  app.get(
    "/moderation/audit",
    {
      ...staff,
      schema: {
        summary: "The audit log, newest first, filtered by action and usernames (admins)",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      staffOnly(request, "admin");
      return (await auditLog(app.db, request.query)).map(toAuditEntry);
    },
  );

  app.get(
    "/moderation/moderators",
    {
      ...staff,
      schema: {
        summary: "Moderators and admins (admins)",
        response: { 200: z.array(moderatorSchema), ...errorResponses(404) },
      },
    },
    async (request) => {
      staffOnly(request, "admin");
      return listModerators(app.db);
    },
  );

  app.post(
    "/moderation/moderators",
    {
      ...staff,
      schema: {
        summary: "Make the account with this email a moderator (admins)",
        body: moderatorInputSchema,
        response: { 201: moderatorSchema, ...errorResponses(...WRITE_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const me = staffOnly(request, "admin");
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(404, MODERATION_ERRORS.noSuchMember, { field: "email" });
      if (user.role === "member") await setRole(app.db, user, "moderator", me);
      await app.sessions.changed(user.id);
      const role = user.role === "member" ? "moderator" : user.role;
      return reply.status(201).send({ id: user.id, username: user.username, email: user.email, role });
    },
  );

  app.delete(
    "/moderation/moderators/:id",
    {
      ...staff,
      schema: {
        summary: "Make a moderator a member again (admins)",
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 404) },
      },
    },
    async (request) => {
      const me = staffOnly(request, "admin");
      const user = await findUserById(app.db, request.params.id);
      // Admins are managed from the command line only; this removes moderators.
      if (user?.role !== "moderator") throw notFound("No moderator has that id.");
      await setRole(app.db, user, "member", me);
      await app.sessions.changed(user.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/moderation/appeals",
    {
      config: { public: true },
      schema: {
        summary: "Appeal a decision once (signed in, or with the statement's token)",
        body: appealInputSchema,
        response: { 201: okSchema, ...errorResponses(...WRITE_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      await fileAppeal(app.db, request.body, request.user?.id ?? null, app.scheduleClock.now());
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    "/moderation/statement",
    {
      config: { public: true },
      schema: {
        summary: "The statement of reasons behind an appeal link",
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const found = await findStatement(app.db, { token: request.query.token });
      if (!found) throw notFound("That link is not valid. Please use the link in our email.");
      return statementOf(found.decision, found.statement);
    },
  );

  app.post(
    "/moderation/notices/:id/acknowledge",
    {
      schema: {
        summary: "'I understand': the notice of this decision is not shown again",
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await acknowledgeNotice(app.db, me.id, request.params.id)))
        throw notFound("That notice was not found.");
      await app.sessions.changed(me.id);
      return { ok: true as const };
    },
  );
};
