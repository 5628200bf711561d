import { WRONG_PASSWORD } from "@kindred/shared/mail";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../lib/http-error.ts";
import { tooManyRequests } from "../../lib/rate-limit.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { passwordHashOf } from "../account/data.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { verifyPassword } from "./passwords.ts";

/**
 * Re-authentication before a change of credentials. A stolen session must not become a way to guess
 * the password, so each try counts against the sign-in budget of the account and the address.
 * `googleOnly` is the sentence for an account that has no password to give.
 */
export async function checkCurrentPassword(
  app: FastifyInstance,
  limiter: LoginLimiter,
  request: FastifyRequest,
  user: SessionUser,
  password: string,
  googleOnly: string,
): Promise<void> {
  const passwordHash = await passwordHashOf(app.db, user.id);
  if (passwordHash === null) throw new HttpError(400, googleOnly, { field: "currentPassword" });
  const wait = await limiter.attempt(user.username, request.ip);
  if (wait > 0) throw tooManyRequests((w) => `Too many password attempts. Please try again in ${w}.`, wait);
  if (!(await verifyPassword(passwordHash, password)))
    throw new HttpError(400, WRONG_PASSWORD, { field: "currentPassword" });
  await limiter.recordSuccess(user.username, request.ip);
}
