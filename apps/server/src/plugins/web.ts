import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every
 * unknown non-API GET answered with index.html so the client router can take it.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasBuild = fs.existsSync(path.join(opts.root, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
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
    if (!hasBuild)
      return reply.status(404).type("text/plain").send("The web app is not built: run npm run build.");
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
});
