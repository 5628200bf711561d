import fastifyMultipart from "@fastify/multipart";
import { idParamsSchema } from "@kindred/shared/matches";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { moderatorMayView } from "../moderation/data.ts";
import { setPhoto } from "../profile/mutations.ts";
import { findUserById } from "../users/data.ts";
import { toSelfUser } from "../users/present.ts";
import { canSeePhoto } from "./data.ts";
import { MAX_PHOTO_BYTES, normalisePhoto } from "./storage.ts";

const accountGone = () => new HttpError(401, "Please sign in to continue.");
const uploadSchema = {
  summary: "Upload the signed-in user's photo (multipart, one file `photo`, up to 5 MB)",
  response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401, 429) },
};
const removeSchema = {
  summary: "Remove the signed-in user's photo",
  response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401) },
};
/** The photo's bytes, sent as they are (a Buffer is never serialised): documented, not encoded. */
const webpBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: "string", format: "binary" });
const photoSchema = {
  summary: "A user's photo, to its owner or to a match whose photos are revealed",
  params: idParamsSchema,
  response: {
    200: { description: "The photo, re-encoded as WebP", content: { "image/webp": { schema: webpBytes } } },
    ...errorResponses(401, 404),
  },
};

const tooLarge = () => new HttpError(413, "That photo is larger than 5 MB.", { field: "photo" });

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.photos;
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 } });

  app.post("/profile/photo", { schema: uploadSchema }, async (request) => {
    const me = currentUser(request);
    await app.limits.photoUpload.take(me.id);
    const file = await request.file().catch(() => undefined);
    if (!file) throw new HttpError(400, "Please choose a photo to upload.", { field: "photo" });
    const bytes = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
      throw new HttpError(400, "The upload did not arrive complete. Please try again.", { field: "photo" });
    });
    // The reader can stop at the limit and hand back the first 5 MB without throwing: never decode those.
    if (file.file.truncated || bytes.length > MAX_PHOTO_BYTES) throw tooLarge();
    const key = await store.save(me.id, await normalisePhoto(bytes));
    // No key, or no row to point at it: the account went while the photo was on its way.
    const changed = key && (await setPhoto(app.db, me.id, key));
    if (!changed) {
      if (key) await store.remove(key);
      throw accountGone();
    }
    await app.sessions.changed(me.id);
    if (changed.replaced) await store.remove(changed.replaced);
    return toSelfUser(changed.row);
  });

  app.delete("/profile/photo", { schema: removeSchema }, async (request) => {
    const me = currentUser(request);
    const changed = await setPhoto(app.db, me.id, null);
    if (!changed) throw accountGone();
    await app.sessions.changed(me.id);
    if (changed.replaced) await store.remove(changed.replaced);
    return toSelfUser(changed.row);
  });

  app.get("/users/:id/photo", { schema: photoSchema }, async (request, reply) => {
    const viewer = currentUser(request);
    const owner = await findUserById(app.db, request.params.id);
    // The same 404 whether the user, the photo or the right to see it is missing.
    const allowed =
      owner &&
      ((await canSeePhoto(app.db, owner.id, viewer.id)) ||
        (await moderatorMayView(app.db, viewer, owner.id)));
    if (!owner?.photoUrl || !allowed) throw notFound();
    const bytes = await store.read(owner.photoUrl);
    if (!bytes) throw notFound();
    return reply.type("image/webp").header("cache-control", "private, no-store").send(bytes);
  });
};
