import type { FastifyPluginAsync } from "fastify";
import { emailRoutes } from "./email-routes.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { passwordRoutes } from "./password-routes.ts";
import { resetRoutes } from "./reset-routes.ts";

/** Issue 29's account routes: a forgotten password, a verified address, changing either. */
export const recoveryRoutes: FastifyPluginAsync<{ limiter: LoginLimiter }> = async (app, { limiter }) => {
  await app.register(resetRoutes, { limiter });
  await app.register(emailRoutes, { limiter });
  await app.register(passwordRoutes, { limiter });
};
