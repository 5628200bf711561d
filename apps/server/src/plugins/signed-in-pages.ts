import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { TIME_ZONE_COOKIE } from "@kindred/shared/constants";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../lib/sessions/token.ts";
import { hintSessionHolder } from "./auth-hook.ts";

/** The web build's render of signed-in pages (apps/web/src/server-render.tsx), built beside dist/. */
interface Renderer {
  /** The routes it renders, in the router's syntax ("/conversation/:id"). */
  RENDERED_ROUTES: readonly string[];
  renderSignedInPage(
    url: string,
    send: typeof fetch,
    timeZone?: string,
  ): Promise<{ markup: string; title: string | null; stateScript: string } | null>;
}

const ROOT = '<div id="root"></div>';
// The page is read-only until its script has hydrated it (apps/web/src/app/shell.tsx).
const INERT_ROOT = '<div id="root" inert>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * The signed-in pages, answered to a session with their content and data in the document (the web
 * build's server render), and otherwise with index.html as any other page. Without that build (a
 * build of the web app alone) they are left to the not-found handler, which sends index.html.
 */
export async function signedInPageRoutes(web: FastifyInstance, root: string): Promise<void> {
  const built = path.join(root, "..", "dist-server");
  const file = path.join(built, "server-render.js");
  // index.html with its script started after the first paint (apps/web/scripts/prerender.mjs).
  const templateFile = path.join(built, "signed-in.html");
  if (!fs.existsSync(file) || !fs.existsSync(templateFile)) return;
  const renderer = (await import(pathToFileURL(file).href)) as Renderer;
  const template = fs.readFileSync(templateFile, "utf8");
  if (!template.includes(ROOT)) throw new Error(`${templateFile} lacks ${ROOT}`);

  const render = async (request: FastifyRequest): Promise<string | null> => {
    if (!request.cookies[SESSION_COOKIE]) return null;
    const zone = timeZoneOf(request.cookies[TIME_ZONE_COOKIE]);
    const page = await renderer.renderSignedInPage(request.url, answerInProcess(web, request), zone);
    if (!page) return null;
    const html = template.replace(ROOT, `${INERT_ROOT}${page.markup}</div>\n    ${page.stateScript}`);
    return page.title ? html.replace(TITLE, page.title) : html;
  };

  for (const url of renderer.RENDERED_ROUTES) {
    web.get(url, async (request, reply) => {
      hintSessionHolder(reply, request);
      reply.header("vary", "cookie");
      const html = await render(request).catch((error: unknown) => {
        request.log.error({ err: error }, "the server's render of a signed-in page failed");
        return null;
      });
      if (html === null) return reply.sendFile("index.html");
      // This person's page: kept by no cache.
      return reply.header("cache-control", "private, no-store").type("text/html; charset=utf-8").send(html);
    });
  }
}

/** The cookie's time zone if it is one this runtime knows, else none (the server's own). */
function timeZoneOf(cookie: string | undefined): string | undefined {
  if (!cookie || cookie.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: cookie }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The page's queries as the browser would send them, with its cookie and address, answered by this
 * server in-process (the same routes, checks and limits) instead of over a socket.
 */
function answerInProcess(web: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const answer = await web.inject({
      method: (init?.method ?? "GET") as "GET",
      url: String(input),
      remoteAddress: request.ip,
      headers: {
        accept: "application/json",
        cookie: request.headers.cookie ?? "",
        "user-agent": request.headers["user-agent"] ?? "",
      },
    });
    const type = answer.headers["content-type"];
    return new Response(answer.statusCode === 204 ? null : answer.payload, {
      status: answer.statusCode,
      headers: type ? { "content-type": String(type) } : {},
    });
  };
}
