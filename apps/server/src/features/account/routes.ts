import { accountExportSchema } from "@kindred/shared/account";
import { okSchema } from "@kindred/shared/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { clearSessionCookie, currentUser } from "../../plugins/auth-hook.ts";
import { exportAccount } from "./data.ts";
import { deleteAccount } from "./mutations.ts";

const exportSchema = {
  summary: "Everything stored about the signed-in user, as a JSON download",
  response: { 200: accountExportSchema, ...errorResponses(401) },
};
const deleteSchema = {
  summary: "Delete the signed-in user's account, photos and sessions",
  response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401) },
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/user/export", { schema: exportSchema }, async (request, reply) => {
    const user = currentUser(request);
    return reply
      .header("content-disposition", `attachment; filename="kindred-${user.username}.json"`)
      .header("cache-control", "no-store")
      .send(await exportAccount(app.db, user));
  });

  app.delete("/user", { schema: deleteSchema }, async (request, reply) => {
    const user = currentUser(request);
    await deleteAccount(app.db, user.id);
    await app.sessions.changed(user.id);
    await app.photos.removeAllOf(user.id);
    await app.realtime.endSessions(user.id);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
