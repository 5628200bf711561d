import { okSchema } from "@kindred/shared/auth";
import { changePasswordSchema } from "@kindred/shared/mail";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { checkCurrentPassword } from "./current-password.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { hashPassword } from "./passwords.ts";
import { changePassword } from "./reset-mutations.ts";

export const GOOGLE_ONLY_PASSWORD = "Your account signs in with Google and has no password to change.";

const changeOptions = {
  schema: {
    summary: "Change the password (given the current one): every other session of the account ends",
    body: changePasswordSchema,
    response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS, 401, 429) },
  },
};

export const passwordRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  app.put("/user/password", changeOptions, async (request) => {
    const user = currentUser(request);
    const { currentPassword, newPassword } = request.body;
    await checkCurrentPassword(app, limiter, request, user, currentPassword, GOOGLE_ONLY_PASSWORD);
    const passwordHash = await hashPassword(newPassword);
    const keepTokenHash = request.sessionTokenHash ?? "";
    const input = { userId: user.id, passwordHash, keepTokenHash };
    const ended = await changePassword(app.db, input, mailOrigin(app.env), app.scheduleClock.now());
    app.mail.kick();
    // The other sessions are gone from every instance's cache, and their sockets close; this one stays.
    await app.sessions.changed(user.id);
    for (const tokenHash of ended) await app.realtime.endSessions(user.id, tokenHash);
    return { ok: true as const };
  });
};
