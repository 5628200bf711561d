import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { completeProfile, createTestApp, onboardedUser, registerUser } from "../test/app.ts";
import { captureLogLines } from "../test/log-lines.ts";

// The early answers sit in front of Fastify's HTTP server, which app.inject never goes through: these
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

/** Counts the requests that reached the auth hook, i.e. went through Fastify (early answers never call it). */
const throughFastify = () => vi.spyOn(app.sessions, "known");

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  const { date: _, ...rest } = Object.fromEntries(res.headers);
  return { status: res.status, headers: rest, body: await res.text() };
}

/** `get` through node:http, which (unlike fetch) sends no Accept-Encoding. */
function getWithoutEncodings(path: string, headers: Record<string, string>) {
  return new Promise<Awaited<ReturnType<typeof get>>>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          const { date: _, ...rest } = res.headers as Record<string, string>;
          resolve({ status: res.statusCode ?? 0, headers: rest, body });
        });
      })
      .on("error", reject);
  });
}

/** The access lines logged since `from`, without what differs between any two requests. */
function accessLines(from: number) {
  return logged
    .slice(from)
    .filter((line) => line.msg === "request completed")
    .map(({ reqId, time: _t, responseTime, ...rest }) => {
      expect(typeof responseTime).toBe("number");
      expect(reqId).toMatch(/^req-/);
      return rest;
    });
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

describe("a signed-in GET /api/user", () => {
  it("is answered before Fastify once the session is cached, as Fastify's route answers it", async () => {
    const user = await registerUser(app);
    const headers = { cookie: user.cookie };
    const fastify = throughFastify();
    const from = logged.length;
    // The first request looks the session up (through Fastify); the next ones find it cached.
    const first = await get("/api/user", headers);
    expect(fastify).toHaveBeenCalled();
    fastify.mockClear();
    const early = await get("/api/user", headers);
    expect(fastify).not.toHaveBeenCalled();
    // A query string takes the same request through Fastify's route.
    const viaFastify = await get("/api/user?through=fastify", headers);
    expect(fastify).toHaveBeenCalled();

    expect(early).toEqual(first);
    expect(early).toEqual(viaFastify);
    expect(early.status).toBe(200);
    expect(JSON.parse(early.body)).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(early.headers["cache-control"]).toBe("no-store");
    expect(early.headers["x-content-type-options"]).toBe("nosniff");
    expect(early.headers["set-cookie"]).toBeUndefined();

    const lines = accessLines(from);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toEqual(lines[0]);
    expect(lines[2]).toEqual(lines[0]);
    expect(lines[0]).toEqual({
      level: 30,
      pid: process.pid,
      hostname: expect.any(String),
      method: "GET",
      url: "/api/user",
      statusCode: 200,
      msg: "request completed",
    });
  });

  it("carries a change to the profile from the next request on", async () => {
    const user = await onboardedUser(app, { bio: "Before the change." });
    const headers = { cookie: user.cookie };
    await get("/api/user", headers);
    expect(JSON.parse((await get("/api/user", headers)).body).bio).toBe("Before the change.");
    const changed = await fetch(`${base}/api/profile`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ ...completeProfile, bio: "After the change.", onboardingCompleted: true }),
    });
    expect(changed.status).toBe(200);
    expect(JSON.parse((await get("/api/user", headers)).body).bio).toBe("After the change.");
    expect(JSON.parse((await get("/api/user", headers)).body).bio).toBe("After the change.");
  });

  it("is refused, through Fastify, once the session has ended", async () => {
    const user = await registerUser(app);
    const headers = { cookie: user.cookie };
    await get("/api/user", headers);
    expect((await get("/api/user", headers)).status).toBe(200);
    const out = await fetch(`${base}/api/logout`, { method: "POST", headers });
    expect(out.status).toBe(200);
    const fastify = throughFastify();
    expect((await get("/api/user", headers)).status).toBe(401);
    expect(fastify).toHaveBeenCalled();
  });

  it("goes through Fastify when it cannot be answered without it", async () => {
    const user = await registerUser(app);
    const headers = { cookie: user.cookie };
    await get("/api/user", headers);
    const fastify = throughFastify();
    const cases: [string, RequestInit, number][] = [
      ["/api/user?a=1", { headers }, 200],
      ["/api/user/", { headers }, 404],
      ["/api/user", { method: "HEAD", headers }, 200],
      ["/api/user", { headers: { cookie: "unrelated=1" } }, 401],
      ["/api/user", { headers: { cookie: "kindred_session=not-a-session" } }, 401],
    ];
    for (const [path, init, status] of cases) {
      const calls = fastify.mock.calls.length;
      expect((await fetch(`${base}${path}`, init)).status, path).toBe(status);
      expect(fastify.mock.calls.length, path).toBeGreaterThan(calls);
    }
    // A session not cached (here, every cached one forgotten) is looked up by the route.
    app.sessions.cache.clear();
    let calls = fastify.mock.calls.length;
    expect((await get("/api/user", headers)).status).toBe(200);
    expect(fastify.mock.calls.length).toBeGreaterThan(calls);
    // While the app shuts down or sheds load.
    app.lifecycle.shuttingDown = true;
    calls = fastify.mock.calls.length;
    expect((await get("/api/user", headers)).status).toBe(200);
    expect(fastify.mock.calls.length).toBeGreaterThan(calls);
    app.lifecycle.shuttingDown = false;
    vi.spyOn(app, "isUnderPressure").mockReturnValue(true);
    calls = fastify.mock.calls.length;
    await get("/api/user", headers);
    expect(fastify.mock.calls.length).toBeGreaterThan(calls);
  });

  it("leaves a long profile to Fastify's compression when the client accepts an encoding", async () => {
    const user = await onboardedUser(app, { bio: "A long bio, written out in full. ".repeat(15).trim() });
    const plain = { cookie: user.cookie };
    await getWithoutEncodings("/api/user", plain);
    const fastify = throughFastify();
    // Without Accept-Encoding nothing is compressed: answered early, as the route would.
    const early = await getWithoutEncodings("/api/user", plain);
    expect(fastify).not.toHaveBeenCalled();
    expect(Number(early.headers["content-length"])).toBeGreaterThanOrEqual(1024);
    expect(early).toEqual(await getWithoutEncodings("/api/user?through=fastify", plain));
    // With it (fetch sends one and inflates what it gets), the route answers, compressed.
    const compressed = await fetch(`${base}/api/user`, { headers: plain });
    expect(fastify).toHaveBeenCalled();
    expect(compressed.headers.get("content-encoding")).toMatch(/^(br|gzip|deflate)$/);
    expect(await compressed.text()).toBe(early.body);
  });
});

describe("everything else goes through Fastify as before", () => {
  it("public routes, unknown paths, other methods, other path forms and other signed-in calls", async () => {
    const user = await registerUser(app);
    const fastify = throughFastify();
    const cases: [string, RequestInit, number][] = [
      ["/api/health", {}, 200],
      ["/api/no-such-route", {}, 404],
      ["/api/user/", {}, 404],
      ["/api/%75ser", {}, 401],
      ["/api/matches/123/messages", {}, 401],
      ["/api/user", { method: "HEAD" }, 401],
      ["/api/matches", { headers: { cookie: user.cookie } }, 200],
    ];
    for (const [path, init, status] of cases) {
      const calls = fastify.mock.calls.length;
      expect((await fetch(`${base}${path}`, init)).status, path).toBe(status);
      expect(fastify.mock.calls.length, path).toBeGreaterThan(calls);
    }
  });
});
