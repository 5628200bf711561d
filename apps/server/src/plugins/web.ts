import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SESSION_COOKIE } from "../lib/session-token.ts";
import { hintSessionHolder } from "./auth-hook.ts";
import { loadPage, loadPrerendered, type Page, PRERENDERED_DIR, sendPage } from "./web-pages.ts";

/** Requests @fastify/static answers with a 304 or a part (206): they still go to it, and to the disk. */
const CONDITIONAL = [
  "range",
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
];
const isConditional = (request: FastifyRequest) => CONDITIONAL.some((name) => name in request.headers);

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every
 * unknown non-API GET answered with index.html so the client router can take it. The build writes a
 * brotli (quality 11) and a gzip copy beside each text asset (apps/web/vite.config.ts): those are sent
 * as they are to a browser that accepts them, so no request pays for compressing, and each asset gets
 * the smallest encoding once rather than @fastify/compress's per-request quality.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasBuild = fs.existsSync(path.join(opts.root, "index.html"));
  const index = hasBuild ? loadPage(path.join(opts.root, "index.html")) : null;
  const prerendered = hasBuild ? loadPrerendered(opts.root) : new Map<string, Page>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The pre-rendered pages answer their own URLs only (below), never /prerendered/….
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDERED_DIR}/`),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (!isPage) return reply.status(404).send({ message: "Not found" });
    hintSessionHolder(reply, request);
    if (!index)
      return reply.status(404).type("text/plain").send("The web app is not built: run npm run build.");
    // A URL with a pre-rendered page answers a visitor with it, and anyone holding a session with
    // index.html (the app then shows their own page): the answer depends on the cookie.
    const visitorPage = prerendered.get(request.url);
    if (visitorPage) {
      reply.header("vary", "cookie");
      if (!request.cookies[SESSION_COOKIE]) return sendPage(request, reply, visitorPage);
    }
    if (isConditional(request)) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return reply.headers(index.headers).header("etag", index.etag).send(index.body);
  });
});
