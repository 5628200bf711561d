import { okSchema } from "@kindred/shared/auth";
import { idParamsSchema, pathIdSchema } from "@kindred/shared/matches";
import { noteInputSchema, noteListSchema, noteSchema } from "@kindred/shared/notes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NoteRow } from "../../db/schema/notes.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { notFound } from "../../lib/http-error.ts";
import { requireLiveMatch } from "../../lib/live-match.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { notesOf } from "./data.ts";
import { addNote, deleteNote, editNote } from "./mutations.ts";

const toNote = (n: NoteRow) => ({
  id: n.id,
  matchId: n.matchId,
  content: n.content,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

const noteParams = z.object({ id: pathIdSchema, noteId: pathIdSchema });

/** Private notes: the author's alone. The match partner never learns they exist (their ids are 404). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/matches/:id/notes",
    {
      schema: {
        summary: "The signed-in user's private notes on a match",
        params: idParamsSchema,
        response: { 200: noteListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      reply.header("cache-control", "no-store");
      return (await notesOf(app.db, match.id, me.id)).map(toNote);
    },
  );

  app.post(
    "/matches/:id/notes",
    {
      schema: {
        summary: "Add a private note on a match",
        params: idParamsSchema,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      return reply.status(201).send(toNote(await addNote(app.db, match.id, me.id, request.body.content)));
    },
  );

  app.patch(
    "/matches/:id/notes/:noteId",
    {
      schema: {
        summary: "Edit one of the signed-in user's notes",
        params: noteParams,
        body: noteInputSchema,
        response: { 200: noteSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      const ids = { noteId: request.params.noteId, matchId: match.id, authorId: me.id };
      const note = await editNote(app.db, ids, request.body.content);
      if (!note) throw notFound("Note not found");
      return toNote(note);
    },
  );

  app.delete(
    "/matches/:id/notes/:noteId",
    {
      schema: {
        summary: "Delete one of the signed-in user's notes",
        params: noteParams,
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match } = await requireLiveMatch(app.db, request.params.id, me.id);
      const ids = { noteId: request.params.noteId, matchId: match.id, authorId: me.id };
      if (!(await deleteNote(app.db, ids))) throw notFound("Note not found");
      return { ok: true as const };
    },
  );
};
