import { idParamsSchema } from "@kindred/shared/matches";
import { selfUserSchema } from "@kindred/shared/user";
import { VOICE_ERRORS, VOICE_MAX_BYTES, voiceUploadQuerySchema } from "@kindred/shared/voice";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { moderatorMayView } from "../moderation/data.ts";
import { findUserById } from "../users/data.ts";
import { toSelfUser } from "../users/present.ts";
import { canHearVoice } from "./data.ts";
import { setVoiceIntro } from "./mutations.ts";
import { cleanUpload } from "./recordings.ts";
import { audioBytes, sendRecording } from "./send-recording.ts";

const accountGone = () => new HttpError(401, "Please sign in to continue.");
const tooLarge = () => new HttpError(413, VOICE_ERRORS.tooLarge, { field: "voice" });

const uploadSchema = {
  summary:
    "Save the signed-in user's voice intro: the recording as the body (WebM/Opus or MP4/AAC, 2–30 s, up to 2 MB)",
  querystring: voiceUploadQuerySchema,
  response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401, 413, 429) },
};
const removeSchema = {
  summary: "Delete the signed-in user's voice intro",
  response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401) },
};
const listenSchema = {
  summary: "A user's voice intro, to its owner or a live match (Range requests answered with 206)",
  params: idParamsSchema,
  response: {
    200: { description: "The recording, tags removed", content: { "audio/webm": { schema: audioBytes } } },
    206: { description: "The range asked for", content: { "audio/webm": { schema: audioBytes } } },
    ...errorResponses(401, 404, 416),
  },
};

/** The body as it arrives, whatever type it claims: the bytes decide. Refused as soon as it passes 2 MB. */
function readRecording(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: Buffer) => void,
) {
  if (Number(request.headers["content-length"] ?? 0) > VOICE_MAX_BYTES) return done(tooLarge());
  const chunks: Buffer[] = [];
  let length = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(err, body);
  };
  payload.on("data", (chunk: Buffer) => {
    length += chunk.length;
    if (length > VOICE_MAX_BYTES) finish(tooLarge());
    else chunks.push(chunk);
  });
  payload.on("end", () => finish(null, Buffer.concat(chunks, length)));
  payload.on("error", (err: Error) => finish(err));
}

export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.voiceFiles;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", readRecording);

  app.put(
    "/profile/voice",
    {
      schema: uploadSchema,
      // Counted before the body is read, so a person over the limit costs no parsing.
      preParsing: async (request) => {
        await app.limits.voiceUpload.take(currentUser(request).id);
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const clean = await cleanUpload(body);
      const key = await store.save(
        me.id,
        Buffer.from(clean.bytes.buffer, clean.bytes.byteOffset, clean.bytes.length),
      );
      const voice = key && {
        key,
        mime: clean.mime,
        durationMs: clean.durationMs,
        peaks: request.query.peaks,
        size: clean.bytes.length,
        updatedAt: new Date().toISOString(),
      };
      const changed = voice && (await setVoiceIntro(app.db, me.id, voice));
      if (!changed) {
        if (key) await store.remove(key);
        throw accountGone();
      }
      await app.sessions.changed(me.id);
      if (changed.replaced) await store.remove(changed.replaced.key);
      return toSelfUser(changed.row);
    },
  );

  app.delete("/profile/voice", { schema: removeSchema }, async (request) => {
    const me = currentUser(request);
    const changed = await setVoiceIntro(app.db, me.id, null);
    if (!changed) throw accountGone();
    await app.sessions.changed(me.id);
    if (changed.replaced) await store.remove(changed.replaced.key);
    return toSelfUser(changed.row);
  });

  app.get("/users/:id/voice", { schema: listenSchema }, async (request, reply) => {
    const viewer = currentUser(request);
    const owner = await findUserById(app.db, request.params.id);
    const voice = owner?.voiceIntro;
    // The same 404 whether the user, the intro or the right to hear it is missing, for every range.
    const allowed =
      owner &&
      ((await canHearVoice(app.db, owner.id, viewer.id)) ||
        (await moderatorMayView(app.db, viewer, owner.id)));
    if (!owner || !voice || !allowed) throw notFound();
    return sendRecording(request, reply, voice, await store.read(voice.key));
  });
};
