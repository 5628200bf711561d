import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { LoginLimiter } from "../features/auth/login-limiter.ts";
import { openTestDatabase } from "./database.ts";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Builds the app on a fresh database and closes both after the file's tests. */
export async function createTestApp(opts: { limiter?: LoginLimiter; env?: Record<string, string> } = {}) {
  const database: Database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-data-"));
  const env = loadEnv({ NODE_ENV: "test", WEB_DIST: "/nonexistent", DATA_DIR: dataDir, ...opts.env });
  const app = await buildApp({ env, db: database.db, limiter: opts.limiter ?? new LoginLimiter() });
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

/** A complete, valid onboarding profile; tests override what they need. */
export const completeProfile = {
  dateOfBirth: "1995-06-15",
  avatar: "🦊",
  gender: "Woman",
  interestedGenders: ["Men"],
  agePreferenceMin: 25,
  agePreferenceMax: 40,
  location: "London",
  bio: "I love long walks and longer conversations.",
  communicationStyle: "Direct and straightforward",
  freeTimeActivities: ["Reading and learning new things"],
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Quality time together",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Misaligned future goals"],
  callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
};

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
