import { loginSchema, okSchema, registerSchema } from "@kindred/shared/auth";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-error.ts";
import { isUniqueViolation } from "../../lib/pg-errors.ts";
import { clearSessionCookie, currentUser, setSessionCookie } from "../../plugins/auth-hook.ts";
import { toSelfUser } from "../users/present.ts";
import { findTakenIdentity, findUserByUsername } from "./data.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { createSession, deleteSession, insertUser } from "./mutations.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

const takenMessage = {
  username: "That username is already taken. Please choose another.",
  email: "An account with that email already exists. Sign in, or use another email.",
} as const;

export const authRoutes: FastifyPluginAsyncZod<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  /** A session that ended (logout, or rotation at sign-in) also closes the sockets it opened. */
  async function endPreviousSession(request: FastifyRequest) {
    if (request.user && request.sessionTokenHash) {
      await app.realtime.endSessions(request.user.id, request.sessionTokenHash);
    }
  }

  app.post(
    "/register",
    { config: { public: true }, schema: { body: registerSchema, response: { 201: selfUserSchema } } },
    async (request, reply) => {
      const input = request.body;
      const taken = await findTakenIdentity(app.db, input.username, input.email);
      if (taken) throw new HttpError(409, takenMessage[taken], { field: taken });
      const passwordHash = await hashPassword(input.password);
      const user = await app.db
        .transaction(async (tx) => {
          // Signing up signs in: like a login, it ends whatever session the browser held before.
          if (request.sessionTokenHash) await deleteSession(tx, request.sessionTokenHash);
          const row = await insertUser(tx, { ...input, passwordHash });
          return { row, token: await createSession(tx, row.id) };
        })
        .catch(async (err) => {
          // Two registrations racing for the same name: the index decides, the loser gets a 409.
          if (!isUniqueViolation(err)) throw err;
          const field = (await findTakenIdentity(app.db, input.username, input.email)) ?? "username";
          throw new HttpError(409, takenMessage[field], { field });
        });
      await endPreviousSession(request);
      setSessionCookie(reply, request, user.token);
      return reply.status(201).send(toSelfUser(user.row));
    },
  );

  app.post(
    "/login",
    { config: { public: true }, schema: { body: loginSchema, response: { 200: selfUserSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = limiter.attempt(username, request.ip);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        const minutes = Math.ceil(wait / 60);
        throw new HttpError(
          429,
          `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          { retryAfterSeconds: wait },
        );
      }
      const user = await findUserByUsername(app.db, username);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new HttpError(401, "Invalid username or password");
      }
      limiter.recordSuccess(username, request.ip);
      // Rotation: whatever session the browser held before is ended, a new token is issued.
      if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
      await endPreviousSession(request);
      setSessionCookie(reply, request, await createSession(app.db, user.id));
      return toSelfUser(user);
    },
  );

  app.post(
    "/logout",
    { config: { public: true }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
      await endPreviousSession(request);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get("/user", { schema: { response: { 200: selfUserSchema } } }, async (request) =>
    toSelfUser(currentUser(request)),
  );
};
