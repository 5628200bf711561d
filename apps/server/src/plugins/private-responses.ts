import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Every API answer is about the person asking (their profile, matches, messages) or says whether they
 * are signed in: no browser or proxy may keep a copy. A route that means otherwise sets its own header.
 */
export const privateResponses = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
});
