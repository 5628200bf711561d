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
 * Sets helmet's headers on every response, at the same point @fastify/helmet did (onRequest). They go
 * with the reply's own headers: set on the raw response instead, Node would validate each one twice.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = Object.fromEntries(
    helmetHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
  );
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
