import type { IncomingMessage, ServerResponse } from "node:http";
import type { onRequestHookHandler } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet's middleware sets, worked out once. With fixed options (no nonce, no directive
 * computed per request) it sets the same headers on every response.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * What an API answer needs (JSON, an image, a calendar file: never a page a browser renders and runs),
 * after OWASP's REST Security Cheat Sheet: no content may load or run if one is opened as a page, none
 * may be framed or sniffed as another type, and no other site may embed it. The pages' other headers
 * only act on a document, and are left off.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** An onRequest hook that gives every answer of its context these headers. */
export function headersHook(headers: Readonly<Record<string, string>>): onRequestHookHandler {
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}

/** The pages' headers (helmet's, from the app's options), for the contexts that serve pages. */
export const pageHeadersHook = (options: Readonly<HelmetOptions>) => headersHook(helmetHeaders(options));

/** The API's headers, for the /api context. */
export const apiHeadersHook = headersHook(API_HEADERS);
