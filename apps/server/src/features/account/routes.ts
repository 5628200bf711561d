import path from "node:path";
import { okSchema } from "@kindred/shared/auth";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../../db/schema/users.ts";
import { clearSessionCookie, currentUser } from "../../plugins/auth-hook.ts";
import { PhotoStore } from "../photos/storage.ts";
import { exportAccount } from "./data.ts";

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const photos = new PhotoStore(path.join(app.env.DATA_DIR, "photos"));

  app.get("/user/export", async (request, reply) => {
    const user = currentUser(request);
    return reply
      .header("content-disposition", `attachment; filename="kindred-${user.username}.json"`)
      .header("cache-control", "no-store")
      .send(await exportAccount(app.db, user));
  });

  // Deleting the user cascades to sessions, matches (so they end for the other side), messages,
  // calls and notes; reports keep their text with the reporter/reported ids set to null.
  app.delete("/user", { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    await app.db.delete(users).where(eq(users.id, user.id));
    await photos.removeAllOf(user.id);
    await app.realtime.endSessions(user.id);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
