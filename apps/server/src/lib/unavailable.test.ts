import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadEnv } from "../env.ts";
import { createBackend } from "../realtime/create-backend.ts";
import { openTestDatabase } from "../test/database.ts";
import { GENEROUS_LIMITS } from "../test/generous-limits.ts";
import { tcpProxy } from "../test/tcp-proxy.ts";
import { isUnavailable, UNAVAILABLE_MESSAGE } from "./unavailable.ts";

describe("isUnavailable", () => {
  it("tells an outage from a bad request", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("gave up"), { name: "MaxRetriesPerRequestError" }))).toBe(
      true,
    );
    expect(isUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});

const url = (raw: string | undefined) => (raw ? new URL(raw) : null);
const pgUrl = url(process.env.DATABASE_URL);
const redisUrl = url(process.env.REDIS_URL);

/** An app whose PostgreSQL (or Redis) connection goes through a proxy the test cuts and restores. */
async function appBehind(proxied: "postgres" | "redis") {
  const target = proxied === "postgres" ? pgUrl : redisUrl;
  if (!target) throw new Error("no target");
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
  const through = (raw: string) => {
    const u = new URL(raw);
    u.hostname = "127.0.0.1";
    u.port = String(proxy.port);
    return u.toString();
  };
  const database = await openTestDatabase(proxied === "postgres" ? through : undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-outage-"));
  const env = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    DATA_DIR: dataDir,
    ...GENEROUS_LIMITS,
    ...(proxied === "redis"
      ? { REDIS_URL: through(String(redisUrl)), REDIS_PREFIX: `outage${process.pid}:` }
      : {}),
  });
  const realtime = await createBackend(env);
  const app = await buildApp({ env, db: database.db, realtime });
  afterAll(async () => {
    proxy.restore();
    await app.close();
    await realtime.close();
    await database.close();
    await proxy.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, proxy };
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 });
  expect(res.headers["retry-after"]).toBe("5");
}

const signUp = (app: Awaited<ReturnType<typeof appBehind>>["app"], name: string) =>
  app.inject({
    method: "POST",
    url: "/api/register",
    payload: { username: name, password: "secret123", email: `${name}@example.com` },
  });

describe.skipIf(!pgUrl)("while PostgreSQL is unreachable (PostgreSQL only)", async () => {
  const { app, proxy } = pgUrl ? await appBehind("postgres") : ({} as never);

  it("answers 503 with Retry-After within seconds, never 500, and recovers without a restart", async () => {
    const made = await signUp(app, `pgout${process.pid}`);
    expect(made.statusCode).toBe(201);
    const cookie = `kindred_session=${made.cookies.find((c) => c.name === "kindred_session")?.value}`;
    proxy.cut();
    const started = Date.now();
    expectUnavailable(await app.inject({ method: "GET", url: "/api/user", headers: { cookie } }));
    expectUnavailable(await app.inject({ method: "GET", url: "/api/matches", headers: { cookie } }));
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: "down" });
    expect(Date.now() - started).toBeLessThan(10_000);
    proxy.restore();
    await expect
      .poll(
        async () => (await app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode,
        {
          timeout: 10_000,
        },
      )
      .toBe(200);
  });
});

describe.skipIf(!redisUrl)("while Redis is unreachable (Redis only)", async () => {
  const { app, proxy } = redisUrl ? await appBehind("redis") : ({} as never);

  it("answers 503 to what needs it, and recovers without a restart", async () => {
    expect((await signUp(app, `rdout${process.pid}a`)).statusCode).toBe(201);
    proxy.cut();
    const started = Date.now();
    expectUnavailable(await signUp(app, `rdout${process.pid}b`));
    expect(Date.now() - started).toBeLessThan(10_000);
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: "ok", redis: "down" });
    proxy.restore();
    await expect
      .poll(async () => (await signUp(app, `rdout${process.pid}c${Date.now() % 1000}`)).statusCode, {
        timeout: 15_000,
      })
      .toBe(201);
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });
});
