import {
  LINK_EXPIRED,
  messageSchema,
  PASSWORD_RESET_SENT,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from "@kindred/shared/mail";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import { setSessionCookie } from "../../plugins/auth-hook.ts";
import { refuseIfRestricted } from "../moderation/sign-in-gate.ts";
import { toSelfUser } from "../users/present.ts";
import { findLiveEmailToken } from "./email-tokens.ts";
import { endPreviousSession } from "./end-session.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { hashPassword } from "./passwords.ts";
import { requestPasswordReset, resetPassword } from "./reset-mutations.ts";

const requestOptions = {
  config: { public: true },
  schema: {
    summary: "Ask for a password reset link by mail (the same 202 whether or not the address has an account)",
    body: passwordResetRequestSchema,
    response: { 202: messageSchema, ...errorResponses(...WRITE_ERRORS, 429) },
  },
};
const checkOptions = {
  config: { public: true },
  schema: {
    summary: "Whether a reset link still works (204), so its page can say so before a password is typed",
    body: passwordResetCheckSchema,
    response: { 204: z.null(), ...errorResponses(...WRITE_ERRORS) },
  },
};
const confirmOptions = {
  config: { public: true },
  schema: {
    summary:
      "Choose a new password with a reset link: signs in (sets the session cookie), ends every other session",
    body: passwordResetConfirmSchema,
    response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS) },
  },
};

/** Forgotten password (OWASP Forgot Password cheat sheet). */
export const resetRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  // Looking the address up and queueing its mail happen after the answer: whether there is an account
  // changes the work, so done before the 202 it would show in the time the 202 takes (OWASP: "use
  // asynchronous calls"). Closing waits for what is under way, before the database closes.
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(pending);
  });

  app.post("/auth/password-reset", requestOptions, async (request, reply) => {
    const { email } = request.body;
    // Counted per address whether or not it has an account, so a refusal says nothing either.
    await app.limits.passwordReset.take(email, request.ip);
    const now = app.scheduleClock.now();
    // Started once the answer is on its way: an embedded database would otherwise hold it up.
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => requestPasswordReset(app.db, email, mailOrigin(app.env), now))
      .then(
        () => app.mail.kick(),
        (err: unknown) => request.log.error({ err }, "password reset: could not queue the mail"),
      )
      .finally(() => pending.delete(work));
    pending.add(work);
    return reply.status(202).send({ message: PASSWORD_RESET_SENT });
  });

  // A POST, not a GET: a mail scanner that opens links fetches the page, never this.
  app.post("/auth/password-reset/check", checkOptions, async (request, reply) => {
    if (!(await findLiveEmailToken(app.db, request.body.token, ["reset"], app.scheduleClock.now())))
      throw new HttpError(400, LINK_EXPIRED);
    return reply.status(204).send(null);
  });

  app.post("/auth/password-reset/confirm", confirmOptions, async (request, reply) => {
    const { token, password } = request.body;
    // A dead link is refused before the costly hash; the transaction below uses it, once.
    if (!(await findLiveEmailToken(app.db, token, ["reset"], app.scheduleClock.now())))
      throw new HttpError(400, LINK_EXPIRED);
    const passwordHash = await hashPassword(password);
    const input = { token, passwordHash, previousTokenHash: request.sessionTokenHash };
    const done = await resetPassword(app.db, input, mailOrigin(app.env), app.scheduleClock.now());
    if (!done) throw new HttpError(400, LINK_EXPIRED);
    app.mail.kick();
    // The new password stands, but someone suspended or banned still cannot sign in with it.
    await refuseIfRestricted(app.db, done.row, app.scheduleClock.now());
    // The mailed link proves the account is theirs: failed sign-ins before it no longer hold them back.
    await limiter.recordSuccess(done.row.username, request.ip);
    // Every session of the account ended: forgotten by every instance, their sockets closed.
    await app.sessions.changed(done.row.id);
    await app.realtime.endSessions(done.row.id);
    await endPreviousSession(app, request);
    setSessionCookie(reply, request, done.session);
    return toSelfUser(done.row);
  });
};
