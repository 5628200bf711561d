import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-web-"));
fs.mkdirSync(path.join(dist, "assets"));
const html = `<!doctype html><html><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
fs.writeFileSync(path.join(dist, "index.html"), html);
fs.writeFileSync(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
// What the web build writes beside each asset (apps/web/vite.config.ts); marked, to tell which was sent.
fs.writeFileSync(path.join(dist, "assets", "app-1234.js.br"), "brotli copy");
fs.writeFileSync(path.join(dist, "assets", "app-1234.js.gz"), "gzip copy");
// The real one, as the build copies it from apps/web/public.
const robots = fs.readFileSync(path.resolve(import.meta.dirname, "../../../web/public/robots.txt"), "utf8");
fs.writeFileSync(path.join(dist, "robots.txt"), robots);
// The service worker and the manifest, as the build writes them (the manifest is the real one).
const swCode = "self.addEventListener('push', () => {});";
fs.writeFileSync(path.join(dist, "sw.js"), swCode);
const manifest = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../../web/public/manifest.webmanifest"),
  "utf8",
);
fs.writeFileSync(path.join(dist, "manifest.webmanifest"), manifest);
// Pages the build renders for visitors (apps/web/scripts/prerender.mjs), named by their URL.
const prerendered = path.join(dist, "prerendered");
fs.mkdirSync(prerendered);
const landing = "<!doctype html><html><body><div id=root><h1>Landing</h1></div></body></html>";
fs.writeFileSync(path.join(prerendered, `${encodeURIComponent("/")}.html`), landing);
fs.writeFileSync(path.join(prerendered, `${encodeURIComponent("/")}.html.br`), "brotli landing");
fs.writeFileSync(path.join(prerendered, `${encodeURIComponent("/")}.html.gz`), "gzip landing");
const register = "<!doctype html><html><body><div id=root><h1>Join</h1></div></body></html>";
fs.writeFileSync(path.join(prerendered, `${encodeURIComponent("/auth?tab=register")}.html`), register);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const { app } = await createTestApp({ env: { WEB_DIST: dist } });
const VALIDATORS = [
  "etag",
  "last-modified",
  "content-type",
  "content-length",
  "accept-ranges",
  "cache-control",
];
const pick = (headers: Record<string, unknown>) => Object.fromEntries(VALIDATORS.map((h) => [h, headers[h]]));

describe("the web app's pages", () => {
  it("answer any page path with index.html, as @fastify/static sends the file itself", async () => {
    const file = await app.inject({ method: "GET", url: "/index.html" });
    const page = await app.inject({ method: "GET", url: "/matches/12?tab=chat" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(html);
    expect(pick(page.headers)).toEqual(pick(file.headers));
    expect(page.headers["cache-control"]).toBe("no-cache");
    const head = await app.inject({ method: "HEAD", url: "/home" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(html)));
  });

  it("revalidate: 304 for the ETag or date the browser holds", async () => {
    const { headers } = await app.inject({ method: "GET", url: "/home" });
    const byTag = await app.inject({
      method: "GET",
      url: "/home",
      headers: { "if-none-match": String(headers.etag) },
    });
    expect(byTag.statusCode).toBe(304);
    const byDate = await app.inject({
      method: "GET",
      url: "/home",
      headers: { "if-modified-since": String(headers["last-modified"]) },
    });
    expect(byDate.statusCode).toBe(304);
    expect(
      (await app.inject({ method: "GET", url: "/home", headers: { "if-none-match": 'W/"other"' } })).body,
    ).toBe(html);
  });

  it("keep hashed assets for a year, and unknown API paths and other methods a JSON 404", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const res of [
      await app.inject({ method: "GET", url: "/api/nothing-here" }),
      await app.inject({ method: "POST", url: "/home" }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
  });
});

describe("the web app's files", () => {
  it("are sent as the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: "GET",
        url: "/assets/app-1234.js",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("brotli copy");
    const gz = await get("gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toBe("gzip copy");
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("include a robots.txt that lets every crawler in, not the page", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).not.toContain("<html");
    const lines = res.body.split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines.filter((line) => /^disallow:\s*\S/i.test(line))).toEqual([]);
  });
});

describe("the installable app's files", () => {
  it("send the service worker as JavaScript, revalidated every time (a new build takes over at once)", async () => {
    const res = await app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(swCode);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("send the manifest as application/manifest+json, revalidated, with what installing needs", async () => {
    const res = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.json()).toMatchObject({
      name: "Kindred",
      start_url: "/home",
      scope: "/",
      display: "standalone",
    });
  });

  it("come under the pages' CSP, which lets the worker and the manifest load from this origin only", async () => {
    const res = await app.inject({ method: "GET", url: "/sw.js" });
    const csp = String(res.headers["content-security-policy"]);
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
    );
    // worker-src falls back to script-src, manifest-src to default-src: both 'self' alone.
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("script-src")).toBe("'self'");
    for (const name of ["worker-src", "manifest-src", "child-src"]) {
      expect([undefined, "'self'"]).toContain(directives.get(name));
    }
  });
});

describe("the signed-in hint on pages", () => {
  const hintOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === "kindred_signed_in");

  it("is given to a browser that holds a session cookie but no hint (signed in before the hint existed)", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { cookie: "kindred_session=abc" } });
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)).toMatchObject({ value: "1", path: "/" });
  });

  it("is not set for a visitor, nor again for a browser that has it", async () => {
    expect(hintOf(await app.inject({ method: "GET", url: "/" }))).toBeUndefined();
    const both = "kindred_session=abc; kindred_signed_in=1";
    expect(
      hintOf(await app.inject({ method: "GET", url: "/home", headers: { cookie: both } })),
    ).toBeUndefined();
  });
});

describe("the pre-rendered pages", () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("answer their exact URL for a visitor, in the smallest coding the browser takes", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("brotli landing");
    const gz = await get("/", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toBe("gzip landing");
    const plain = await get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(landing);
    for (const res of [br, gz, plain]) {
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toBe("cookie, accept-encoding");
    }
    const tab = await get("/auth?tab=register");
    expect(tab.body).toBe(register);
    expect(tab.headers.vary).toBe("cookie, accept-encoding");
  });

  it("are not sent to a browser holding a session: it gets index.html, whose app shows its own page", async () => {
    const res = await get("/", { cookie: "kindred_session=abc", "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
    expect(res.headers.vary).toBe("cookie, accept-encoding");
    expect(res.headers.etag).not.toBe((await get("/")).headers.etag);
  });

  it("answer no other URL, and are not files of their own", async () => {
    for (const url of ["/?ref=mail", "/auth?tab=other", "/auth", "/home", "/prerendered/%252F.html"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
      // @fastify/static names the coding it chose by (preCompressed); the cookie matters only here.
      expect(res.headers.vary, url).toBe("accept-encoding");
    }
  });

  it("revalidate: 304 for the ETag the browser holds, the page again for another", async () => {
    const { headers } = await get("/");
    expect(headers.etag).toMatch(/^W\/"/);
    expect((await get("/", { "if-none-match": String(headers.etag) })).statusCode).toBe(304);
    const other = await get("/", { "if-none-match": 'W/"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(landing);
  });
});
