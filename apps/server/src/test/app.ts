import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { completeProfile } from "@kindred/shared/test-fixtures";
import type { LightMyRequestResponse } from "fastify";
import { afterAll } from "vitest";
import { type AppDeps, buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { LoginLimiter } from "../features/auth/login-limiter.ts";
import { openTestDatabase } from "./database.ts";
import { GENEROUS_LIMITS } from "./generous-limits.ts";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Builds the app on a fresh database and closes both after the file's tests. */
export async function createTestApp(
  opts: { limiter?: LoginLimiter; env?: Record<string, string>; logger?: AppDeps["logger"] } = {},
) {
  const database: Database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-data-"));
  const env = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    DATA_DIR: dataDir,
    // On PostgreSQL, photos are kept in the database as in production.
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    ...GENEROUS_LIMITS,
    ...opts.env,
  });
  const app = await buildApp({
    env,
    db: database.db,
    limiter: opts.limiter ?? new LoginLimiter(),
    logger: opts.logger ?? false,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db: database.db, dataDir };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === "kindred_session");
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `kindred_session=${cookie.value}`;
}

let counter = 0;
/** Registers a new user with unique names and returns its id and session cookie. */
export async function registerUser(app: TestApp["app"], overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const body = {
    username: `user${tag}`,
    password: "secret123",
    email: `user${tag}@example.com`,
    name: `Real Name ${tag}`,
    ...overrides,
  };
  const res = await app.inject({ method: "POST", url: "/api/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { id: res.json().id as number, cookie: sessionCookie(res), ...body };
}

/** The complete onboarding profile of @kindred/shared/test-fixtures, re-exported for the server tests. */
export { completeProfile };

/** Registers a user and completes their profile through the API. */
export async function onboardedUser(app: TestApp["app"], profile: Partial<typeof completeProfile> = {}) {
  const user = await registerUser(app);
  const res = await app.inject({
    method: "PUT",
    url: "/api/profile",
    headers: { cookie: user.cookie },
    payload: { ...completeProfile, ...profile, onboardingCompleted: true },
  });
  if (res.statusCode !== 200) throw new Error(`onboarding failed ${res.statusCode}: ${res.body}`);
  return user;
}
