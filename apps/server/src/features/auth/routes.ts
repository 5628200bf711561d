import { loginSchema, okSchema, registerSchema } from "@kindred/shared/auth";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { isUniqueViolation } from "../../lib/pg-errors.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import { tooManyRequests } from "../../lib/rate-limit.ts";
import { clearSessionCookie, currentUser, setSessionCookie } from "../../plugins/auth-hook.ts";
import { refuseIfRestricted } from "../moderation/sign-in-gate.ts";
import { selfUserBody, toSelfUser } from "../users/present.ts";
import { findTakenIdentity, findUserByUsername } from "./data.ts";
import { endPreviousSession } from "./end-session.ts";
import { acceptFormPosts, answerFormPostsFor } from "./form-posts.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { createSession, deleteSession, registerAccount } from "./mutations.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export const takenMessage = {
  username: "That username is already taken. Please choose another.",
  email: "An account with that email already exists. Sign in, or use another email.",
} as const;

export const authRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  acceptFormPosts(app);

  app.post(
    "/register",
    {
      config: { public: true },
      onSend: answerFormPostsFor("register"),
      schema: {
        summary: "Create an account and sign in (sets the session cookie)",
        body: registerSchema,
        response: { 201: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const { password, ...input } = request.body;
      await app.limits.signUp.take(request.ip);
      const taken = await findTakenIdentity(app.db, input.username, input.email);
      if (taken) throw new HttpError(409, takenMessage[taken], { field: taken });
      const passwordHash = await hashPassword(password);
      // Signing up signs in: like a login, it ends whatever session the browser held before.
      const mail = { origin: mailOrigin(app.env), now: app.scheduleClock.now() };
      const user = await registerAccount(
        app.db,
        { ...input, passwordHash },
        request.sessionTokenHash,
        mail,
      ).catch(async (err) => {
        // Two registrations racing for the same name: the index decides, the loser gets a 409.
        if (!isUniqueViolation(err)) throw err;
        const field = (await findTakenIdentity(app.db, input.username, input.email)) ?? "username";
        throw new HttpError(409, takenMessage[field], { field });
      });
      app.mail.kick();
      await endPreviousSession(app, request);
      setSessionCookie(reply, request, user.token);
      return reply.status(201).send(toSelfUser(user.row));
    },
  );

  app.post(
    "/login",
    {
      config: { public: true },
      onSend: answerFormPostsFor("login"),
      schema: {
        summary: "Sign in with username and password (sets the session cookie)",
        body: loginSchema,
        response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = await limiter.attempt(username, request.ip);
      if (wait > 0)
        throw tooManyRequests((w) => `Too many sign-in attempts. Please try again in ${w}.`, wait);
      const user = await findUserByUsername(app.db, username);
      // Verified whether or not the name exists (against a dummy hash when not), so that the time an
      // answer takes does not say which usernames are real.
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) throw new HttpError(401, "Invalid username or password");
      await limiter.recordSuccess(username, request.ip);
      await refuseIfRestricted(app.db, user, app.scheduleClock.now());
      // Rotation: whatever session the browser held before is ended, a new token is issued.
      if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
      await endPreviousSession(app, request);
      setSessionCookie(reply, request, await createSession(app.db, user.id));
      return toSelfUser(user);
    },
  );

  app.post(
    "/logout",
    {
      config: { public: true },
      schema: {
        summary: "Sign out: end this session and its sockets",
        response: { 200: okSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
      await endPreviousSession(app, request);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    "/user",
    {
      schema: {
        summary: "The signed-in user (401 when nobody is signed in)",
        response: { 200: selfUserSchema, ...errorResponses(401) },
      },
    },
    // Sent as the serialized body kept for this version of the user (the most asked route: every page).
    // (A plain reply: the typed one takes the schema's object only, and this is that object, serialized.)
    async (request, reply: FastifyReply) =>
      reply.type("application/json; charset=utf-8").send(selfUserBody(currentUser(request))),
  );
};
