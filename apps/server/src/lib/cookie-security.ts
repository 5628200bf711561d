import type { FastifyRequest } from "fastify";
import type { Env } from "../env.ts";

/**
 * Whether a cookie carries Secure: the request came over HTTPS, or the site's public origin is HTTPS.
 * The second holds behind a proxy that is not trusted (no TRUST_PROXY): its plain-HTTP hop must not strip
 * the flag from what browsers receive over HTTPS.
 */
export function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === "https" || isHttps(request.server.env.PUBLIC_ORIGIN);
}

/**
 * In production, a sentence for the start-up log when session cookies could travel without Secure: no
 * HTTPS public origin, so only a request that reaches the server over TLS (behind a trusted proxy) sets
 * it. Null when the set-up is sound.
 */
export function insecureCookieWarning(env: Pick<Env, "NODE_ENV" | "PUBLIC_ORIGIN">): string | null {
  if (env.NODE_ENV !== "production" || isHttps(env.PUBLIC_ORIGIN)) return null;
  return (
    "PUBLIC_ORIGIN is not an https:// origin: session cookies will be sent without the Secure flag to " +
    "any request that arrives over plain HTTP. Set PUBLIC_ORIGIN=https://your.domain (and TRUST_PROXY=true " +
    "behind a proxy that terminates TLS)."
  );
}

const isHttps = (origin: string | undefined) => origin?.startsWith("https://") === true;
