import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import { idParamsSchema } from "@kindred/shared/matches";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { setPhoto } from "../profile/mutations.ts";
import { findUserById } from "../users/data.ts";
import { toSelfUser } from "../users/present.ts";
import { canSeePhoto } from "./data.ts";
import { MAX_PHOTO_BYTES, normalisePhoto, PhotoStore } from "./storage.ts";

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = new PhotoStore(path.join(app.env.DATA_DIR, "photos"));
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 } });

  app.post("/profile/photo", { schema: { response: { 200: selfUserSchema } } }, async (request) => {
    const me = currentUser(request);
    const file = await request.file().catch(() => undefined);
    if (!file) throw new HttpError(400, "Please choose a photo to upload.", { field: "photo" });
    const bytes = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === "FST_REQ_FILE_TOO_LARGE") {
        throw new HttpError(413, "That photo is too large: the limit is 5 MB.", { field: "photo" });
      }
      throw new HttpError(400, "The upload did not arrive complete. Please try again.", { field: "photo" });
    });
    const key = await store.save(me.id, await normalisePhoto(bytes));
    const { row, replaced } = await setPhoto(app.db, me.id, key).catch(async (err) => {
      await store.remove(key); // never referenced: the account went while the photo was on its way
      throw err;
    });
    if (replaced) await store.remove(replaced);
    return toSelfUser(row);
  });

  app.delete("/profile/photo", { schema: { response: { 200: selfUserSchema } } }, async (request) => {
    const me = currentUser(request);
    const { row, replaced } = await setPhoto(app.db, me.id, null);
    if (replaced) await store.remove(replaced);
    return toSelfUser(row);
  });

  app.get("/users/:id/photo", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const viewer = currentUser(request);
    const owner = await findUserById(app.db, request.params.id);
    // The same 404 whether the user, the photo or the right to see it is missing.
    if (!owner?.photoUrl || !(await canSeePhoto(app.db, owner.id, viewer.id))) throw notFound();
    const bytes = await store.read(owner.photoUrl);
    if (!bytes) throw notFound();
    return reply.type("image/webp").header("cache-control", "private, no-store").send(bytes);
  });
};
