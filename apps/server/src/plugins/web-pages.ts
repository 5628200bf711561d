import fs from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A page the server keeps in memory: read once (the web app is built before the server starts), with
 * the same validators as @fastify/static (weak ETag of size and mtime, Last-Modified), so revalidation
 * works as it would from the disk, and the compressed copies the build wrote beside it, if any.
 */
export interface Page {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  headers: Record<string, string>;
}

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : null);

export function loadPage(file: string): Page {
  const stat = fs.statSync(file);
  return {
    body: fs.readFileSync(file),
    br: readIfThere(`${file}.br`),
    gzip: readIfThere(`${file}.gz`),
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    headers: {
      "cache-control": "no-cache",
      "accept-ranges": "bytes",
      "last-modified": stat.mtime.toUTCString(),
      "content-type": "text/html; charset=utf-8",
    },
  };
}

/** The build's folder of pre-rendered pages (apps/web/scripts/prerender.mjs). */
export const PRERENDERED_DIR = "prerendered";

/**
 * The pages the build rendered for visitors with no session, by the exact URL each answers: each
 * file is named by its URL, encoded.
 */
export function loadPrerendered(root: string): Map<string, Page> {
  const dir = path.join(root, PRERENDERED_DIR);
  const pages = new Map<string, Page>();
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".html")) continue;
    pages.set(decodeURIComponent(name.slice(0, -".html".length)), loadPage(path.join(dir, name)));
  }
  return pages;
}

/** Whether the request's Accept-Encoding takes this coding (one not refused with q=0). */
function accepts(request: FastifyRequest, coding: string): boolean {
  const header = request.headers["accept-encoding"] ?? "";
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    return name === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Sends a page, or a 304 to a browser that holds it, in the smallest coding the browser takes. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  reply.headers(page.headers).header("etag", page.etag);
  if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  if (!page.br && !page.gzip) return reply.send(page.body);
  reply.header("vary", appendVary(reply.getHeader("vary"), "accept-encoding"));
  if (page.br && accepts(request, "br")) return reply.header("content-encoding", "br").send(page.br);
  if (page.gzip && accepts(request, "gzip")) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.body);
}

function appendVary(current: unknown, name: string): string {
  return typeof current === "string" && current ? `${current}, ${name}` : name;
}
