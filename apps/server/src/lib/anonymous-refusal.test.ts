import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, registerUser } from "../test/app.ts";
import { captureLogLines } from "../test/log-lines.ts";

// The refusal sits in front of Fastify's HTTP server, which app.inject never goes through: these
// tests send real requests to a listening app.
const { lines: logged, stream } = captureLogLines();
const { app } = await createTestApp({ logger: { level: "info", stream } });
let base = "";
beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  vi.restoreAllMocks();
  app.lifecycle.shuttingDown = false;
});

/** Counts the requests that reached the auth hook, i.e. went through Fastify. */
const throughFastify = () => vi.spyOn(app.sessions, "known");

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  const { date: _, ...rest } = Object.fromEntries(res.headers);
  return { status: res.status, headers: rest, body: await res.text() };
}

/** The request log's line for a request, found by its path. */
function lineFor(url: string, after: number) {
  return logged.slice(after).find((line) => line.msg === "request completed" && line.url === url);
}

describe("an anonymous GET of a route that needs a session", () => {
  it("is refused before Fastify, with the status, headers, body and log line Fastify's refusal has", async () => {
    const fastify = throughFastify();
    const from = logged.length;
    const early = await get("/api/user");
    expect(fastify).not.toHaveBeenCalled();
    // A cookie that is not a session's takes the request through Fastify and its auth hook.
    const viaFastify = await get("/api/user", { cookie: "unrelated=1" });
    expect(fastify).toHaveBeenCalledOnce();

    expect(early).toEqual(viaFastify);
    expect(early.status).toBe(401);
    expect(JSON.parse(early.body)).toEqual({ message: "Please sign in to continue." });
    expect(early.headers["cache-control"]).toBe("no-store");
    expect(early.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

    const lines = logged.slice(from).filter((line) => line.msg === "request completed");
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(first)).toEqual(Object.keys(second));
    const { reqId: id1, time: _t1, responseTime: r1, ...rest1 } = first;
    const { reqId: id2, time: _t2, responseTime: r2, ...rest2 } = second;
    expect(rest1).toEqual(rest2);
    expect(rest1).toMatchObject({ level: 30, method: "GET", url: "/api/user", statusCode: 401 });
    expect(id1).not.toBe(id2);
    expect(typeof r1).toBe("number");
    expect(typeof r2).toBe("number");
  });

  it("keeps the server's timeouts Fastify's: a keep-alive longer than a proxy's idle timeout", async () => {
    expect(app.server.keepAliveTimeout).toBe(72_000);
    expect((await get("/api/user")).headers["keep-alive"]).toBe("timeout=72");
  });

  it("gets, on every GET route of the API without a parameter, what Fastify answers", async () => {
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.keys(document.paths).filter((path) => "get" in (document.paths[path] ?? {}));
    const plain = paths.filter((path) => !path.includes("{"));
    expect(plain.length).toBeGreaterThan(10);
    let refused = 0;
    for (const path of plain) {
      const early = await get(path);
      const viaFastify = await get(path, { cookie: "unrelated=1" });
      expect({ path, status: early.status, body: early.body }).toEqual({
        path,
        status: viaFastify.status,
        body: viaFastify.body,
      });
      if (early.status === 401) refused += 1;
    }
    expect(refused).toBeGreaterThan(5);
  });

  it("logs its path without the query string", async () => {
    const from = logged.length;
    expect((await get("/api/user?code=secret")).status).toBe(401);
    expect(lineFor("/api/user", from)).toBeDefined();
    expect(JSON.stringify(logged.slice(from))).not.toContain("secret");
  });

  it("goes through Fastify while the app shuts down or sheds load", async () => {
    const fastify = throughFastify();
    app.lifecycle.shuttingDown = true;
    expect((await get("/api/user")).status).toBe(401);
    expect(fastify).toHaveBeenCalledOnce();
    app.lifecycle.shuttingDown = false;
    vi.spyOn(app, "isUnderPressure").mockReturnValue(true);
    await get("/api/user");
    expect(fastify).toHaveBeenCalledTimes(2);
  });
});

describe("everything else goes through Fastify as before", () => {
  it("public routes, unknown paths, other methods, other path forms and signed-in calls", async () => {
    const user = await registerUser(app);
    const fastify = throughFastify();
    const cases: [string, RequestInit, number][] = [
      ["/api/health", {}, 200],
      ["/api/no-such-route", {}, 404],
      ["/api/user/", {}, 404],
      ["/api/%75ser", {}, 401],
      ["/api/matches/123/messages", {}, 401],
      ["/api/user", { method: "HEAD" }, 401],
      ["/api/user", { headers: { cookie: user.cookie } }, 200],
    ];
    for (const [path, init, status] of cases) {
      const calls = fastify.mock.calls.length;
      expect((await fetch(`${base}${path}`, init)).status, path).toBe(status);
      expect(fastify.mock.calls.length, path).toBeGreaterThan(calls);
    }
  });
});
