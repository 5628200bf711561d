import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether an Origin header names this app: the host it was reached on, or the configured public origin. */
export function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin?: string): boolean {
  return origin === `${request.protocol}://${request.host}` || origin === publicOrigin;
}

/**
 * A form that one of this site's pages posts says `Origin: null` (the pages' referrer policy is
 * no-referrer); Sec-Fetch-Site, which the browser sets and no page can, says whether it is our own.
 */
function isOwnFormPost(request: FastifyRequest, origin: string): boolean {
  return origin === "null" && request.headers["sec-fetch-site"] === "same-origin";
}

/**
 * CSRF defence in depth beside SameSite=Lax: a browser always sends Origin on cross-site writes,
 * so a write whose Origin is neither this host nor the configured public origin is refused.
 */
export const originCheck = fp(async (app: FastifyInstance, opts: { publicOrigin?: string }) => {
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook("onRequest", (request, _reply, done) => {
    const origin = request.headers.origin;
    if (
      SAFE_METHODS.has(request.method) ||
      !origin ||
      isOwnOrigin(request, origin, opts.publicOrigin) ||
      isOwnFormPost(request, origin)
    ) {
      return done();
    }
    done(new HttpError(403, "This request came from another site and was refused."));
  });
});
