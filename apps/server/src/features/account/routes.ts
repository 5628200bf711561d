import { accountExportSchema, DELETE_CONFIRMATION, deleteAccountSchema } from "@kindred/shared/account";
import { okSchema } from "@kindred/shared/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { tooManyRequests } from "../../lib/rate-limit.ts";
import { clearSessionCookie, currentUser } from "../../plugins/auth-hook.ts";
import type { LoginLimiter } from "../auth/login-limiter.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { exportAccount, passwordHashOf } from "./data.ts";
import { deleteAccount } from "./mutations.ts";

const exportSchema = {
  summary: "Everything stored about the signed-in user, as a JSON download",
  response: { 200: accountExportSchema, ...errorResponses(401) },
};
const deleteSchema = {
  summary:
    "Delete the signed-in user's account, photos, voice intro and sessions (given its password, or 'DELETE')",
  body: deleteAccountSchema,
  response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 429) },
};

export const accountRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  app.get("/user/export", { schema: exportSchema }, async (request, reply) => {
    const user = currentUser(request);
    return reply
      .header("content-disposition", `attachment; filename="kindred-${user.username}.json"`)
      .header("cache-control", "no-store")
      .send(await exportAccount(app.db, user, app.voiceFiles));
  });

  app.delete("/user", { schema: deleteSchema }, async (request, reply) => {
    const user = currentUser(request);
    const { password, confirm } = request.body;
    const passwordHash = await passwordHashOf(app.db, user.id);
    if (passwordHash === null) {
      if (confirm?.trim() !== DELETE_CONFIRMATION)
        throw new HttpError(400, `Type ${DELETE_CONFIRMATION} to confirm.`, { field: "confirm" });
    } else {
      if (!password)
        throw new HttpError(400, "Enter your password to delete your account.", { field: "password" });
      // A stolen session must not become a way to guess the password: the sign-in budget applies.
      const wait = await limiter.attempt(user.username, request.ip);
      if (wait > 0)
        throw tooManyRequests((w) => `Too many password attempts. Please try again in ${w}.`, wait);
      if (!(await verifyPassword(passwordHash, password)))
        throw new HttpError(400, "That password is not right. Your account was not deleted.", {
          field: "password",
        });
      await limiter.recordSuccess(user.username, request.ip);
    }
    await deleteAccount(app.db, user.id);
    await app.sessions.changed(user.id);
    await app.photos.removeAllOf(user.id);
    await app.voiceFiles.removeAllOf(user.id);
    await app.realtime.endSessions(user.id);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
