import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hintSessionHolder } from "./auth-hook.ts";

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
 * index.html as @fastify/static would send it, read once: it is built before the server starts, and
 * every page load of the client-side router is answered with it. The same validators as @fastify/static
 * (weak ETag of size and mtime, Last-Modified), so revalidation works as before.
 */
function loadIndex(root: string) {
  const file = path.join(root, "index.html");
  const stat = fs.statSync(file);
  return {
    body: fs.readFileSync(file),
    headers: {
      "cache-control": "no-cache",
      "accept-ranges": "bytes",
      "last-modified": stat.mtime.toUTCString(),
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      "content-type": "text/html; charset=utf-8",
    },
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every
 * unknown non-API GET answered with index.html so the client router can take it. The build writes a
 * brotli (quality 11) and a gzip copy beside each text asset (apps/web/vite.config.ts): those are sent
 * as they are to a browser that accepts them, so no request pays for compressing, and each asset gets
 * the smallest encoding once rather than @fastify/compress's per-request quality.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasBuild = fs.existsSync(path.join(opts.root, "index.html"));
  const index = hasBuild ? loadIndex(opts.root) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
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
    if (isConditional(request)) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return reply.headers(index.headers).send(index.body);
  });
});
