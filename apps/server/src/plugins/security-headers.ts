import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet's middleware sets, worked out once. With fixed options (no nonce, no directive
 * computed per request) it sets the same headers on every response, so there is no need to build and
 * run the middleware for each request as @fastify/helmet does.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string) {
      headers.set(name, value);
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * What an API answer needs (JSON, an image, a calendar file: never a page a browser renders and runs),
 * after OWASP's REST Security Cheat Sheet: no content may load or run if one is opened as a page, none
 * may be framed or sniffed as another type, and no other site may embed it. Stricter than the pages' set
 * where both speak (CSP, framing). The pages' other headers (COOP, Origin-Agent-Cluster, Referrer-Policy,
 * and the legacy X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies and
 * X-XSS-Protection) only act on a document, and are left off: each costs Node a validation per answer.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** The one page served under /api/ (the API's documentation); everything else there is an API answer. */
const API_PAGE = "/api/docs";

function isApiAnswer(url: string): boolean {
  if (!url.startsWith("/api/")) return false;
  return !url.startsWith(API_PAGE) || (url.length > API_PAGE.length && url[API_PAGE.length] !== "?");
}

/**
 * Sets the security headers on every response, at the same point @fastify/helmet did (onRequest):
 * helmet's, worked out once, on pages and files; API_HEADERS on API answers. They go with the reply's
 * own headers: set on the raw response instead, Node would validate each one twice.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const pageHeaders = Object.fromEntries(
    helmetHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
  );
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
    done();
  });
});
