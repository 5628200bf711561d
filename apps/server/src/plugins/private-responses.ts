import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** An API answer's Cache-Control, unless its route sets its own. */
export const PRIVATE = "no-store";

/**
 * Every API answer is about the person asking (their profile, matches, messages) or says whether they
 * are signed in: no browser or proxy may keep a copy. A route that means otherwise sets its own header.
 */
export const privateResponses = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", PRIVATE);
    }
    done(null, payload);
  });
});
