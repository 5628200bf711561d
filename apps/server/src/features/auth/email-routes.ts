import {
  changeEmailSchema,
  emailChangeSentMessage,
  LINK_EXPIRED,
  messageSchema,
  VERIFICATION_SENT,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from "@kindred/shared/mail";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { isUniqueViolation } from "../../lib/pg-errors.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { checkCurrentPassword } from "./current-password.ts";
import { findUserByEmail } from "./data.ts";
import { confirmEmail, EmailTakenError, requestEmailChange, resendVerification } from "./email-mutations.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { takenMessage } from "./routes.ts";

export const ALREADY_VERIFIED = "Your email address is already confirmed.";
export const SAME_EMAIL = "That is already your email address.";
export const GOOGLE_ONLY_EMAIL =
  "Your account signs in with Google and has no password, so its email address can't be changed here.";

const verifyOptions = {
  // Public: the link may be opened in another browser, or after signing out.
  config: { public: true },
  schema: {
    summary: "Confirm an email address with a mailed link (after sign-up, or a change of address)",
    body: verifyEmailSchema,
    response: { 200: verifyEmailResponseSchema, ...errorResponses(...WRITE_ERRORS, 409) },
  },
};
const resendOptions = {
  schema: {
    summary: "Send the signed-in user a new link to confirm their email address",
    response: { 202: messageSchema, ...errorResponses(...WRITE_ERRORS, 401, 409, 429) },
  },
};
const changeOptions = {
  schema: {
    summary:
      "Change the email address (given the current password): it changes once the mailed link is opened",
    body: changeEmailSchema,
    response: { 202: messageSchema, ...errorResponses(...WRITE_ERRORS, 401, 409, 429) },
  },
};

const emailTaken = () => new HttpError(409, takenMessage.email, { field: "email" });

export const emailRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  app.post("/auth/verify-email", verifyOptions, async (request) => {
    const done = await confirmEmail(app.db, request.body.token, app.scheduleClock.now()).catch((err) => {
      // Another account took the new address after the link was sent (or in a race: the index decides).
      if (err instanceof EmailTakenError || isUniqueViolation(err)) throw emailTaken();
      throw err;
    });
    if (!done) throw new HttpError(400, LINK_EXPIRED);
    await app.sessions.changed(done.userId);
    return { email: done.email, emailVerified: true as const };
  });

  app.post("/auth/verify-email/resend", resendOptions, async (request, reply) => {
    const user = currentUser(request);
    if (user.emailVerified) throw new HttpError(409, ALREADY_VERIFIED);
    await app.limits.verificationMail.take(user.id);
    await resendVerification(app.db, user, mailOrigin(app.env), app.scheduleClock.now());
    app.mail.kick();
    return reply.status(202).send({ message: VERIFICATION_SENT });
  });

  app.put("/user/email", changeOptions, async (request, reply) => {
    const user = currentUser(request);
    const { email, currentPassword } = request.body;
    await checkCurrentPassword(app, limiter, request, user, currentPassword, GOOGLE_ONLY_EMAIL);
    if (email === user.email.toLowerCase()) throw new HttpError(400, SAME_EMAIL, { field: "email" });
    const holder = await findUserByEmail(app.db, email);
    if (holder && holder.id !== user.id) throw emailTaken();
    await app.limits.emailChange.take(user.id);
    await requestEmailChange(app.db, user, email, mailOrigin(app.env), app.scheduleClock.now());
    app.mail.kick();
    return reply.status(202).send({ message: emailChangeSentMessage(email) });
  });
};
