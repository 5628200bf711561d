import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { notFound } from "../lib/http-error.ts";
import { SESSION_COOKIE } from "../lib/sessions/token.ts";
import { hintSessionHolder } from "./auth-hook.ts";
import { sendHttpError } from "./errors.ts";
import { signedInPageRoutes } from "./signed-in-pages.ts";

/** The build's folder of pre-rendered pages (apps/web/scripts/prerender.mjs), each named by its URL, encoded. */
const PRERENDERED_DIR = "prerendered";

/** The URLs the build rendered a page for, for visitors with no session. */
function prerenderedUrls(root: string): Set<string> {
  const dir = path.join(root, PRERENDERED_DIR);
  if (!fs.existsSync(dir)) return new Set();
  const pages = fs.readdirSync(dir).filter((name) => name.endsWith(".html"));
  return new Set(pages.map((name) => decodeURIComponent(name.slice(0, -".html".length))));
}

/**
 * Serves the built web app in a context of its own, with the pages' security headers: hashed assets
 * cached for a year, pages revalidated, and every unknown page path answered with index.html so the
 * client router can take it. The build writes a brotli and a gzip copy beside each text file, which
 * @fastify/static sends as they are (preCompressed) to a browser that takes them.
 */
export async function webPlugin(
  web: FastifyInstance,
  opts: { root: string; pageHeaders: onRequestHookHandler },
) {
  web.addHook("onRequest", opts.pageHeaders);
  const hasBuild = fs.existsSync(path.join(opts.root, "index.html"));
  const prerendered = hasBuild ? prerenderedUrls(opts.root) : new Set<string>();
  const prerenderedRoot = path.join(opts.root, PRERENDERED_DIR);
  if (hasBuild) {
    await web.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The pre-rendered pages answer their own URLs only (below), never /prerendered/….
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDERED_DIR}/`),
      // Everything else is revalidated on each use: index.html, and the service worker's script
      // (/sw.js) and the manifest, whose old copies would keep a browser on an old build.
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  if (hasBuild) await signedInPageRoutes(web, opts.root);
  web.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return sendHttpError(reply, notFound());
    hintSessionHolder(reply, request);
    if (!hasBuild) {
      return reply.status(404).type("text/plain").send("The web app is not built: run npm run build.");
    }
    // A URL with a pre-rendered page answers a visitor with it, and anyone holding a session with
    // index.html (the app then shows their own page): the answer depends on the cookie.
    if (prerendered.has(request.url)) {
      reply.header("vary", "cookie");
      if (!request.cookies[SESSION_COOKIE]) {
        return reply.sendFile(`${encodeURIComponent(request.url)}.html`, prerenderedRoot);
      }
    }
    return reply.sendFile("index.html");
  });
}
