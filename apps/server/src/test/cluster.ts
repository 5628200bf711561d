import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { calls } from "../db/schema/calls.ts";
import { matches } from "../db/schema/matches.ts";
import { loadEnv } from "../env.ts";
import type { RealtimeBackend } from "../realtime/backend.ts";
import { inProcessBackend } from "../realtime/in-process-backend.ts";
import { redisBackend } from "../realtime/redis-backend.ts";
import { openTestDatabase } from "./database.ts";
import { GENEROUS_LIMITS } from "./generous-limits.ts";
import { listen } from "./sockets.ts";

export type Topology = "one instance" | "two instances, in-process bus" | "two instances over Redis";

/** The topologies a realtime suite runs on: Redis only where REDIS_URL is set (CI sets it). */
export function topologies(): Topology[] {
  const all: Topology[] = ["one instance", "two instances, in-process bus"];
  if (process.env.REDIS_URL) all.push("two instances over Redis");
  return all;
}

export interface Cluster {
  db: Db;
  /** Two entries; with one instance both are the same app. */
  apps: [FastifyInstance, FastifyInstance];
  urls: [string, string];
  /** The Redis key prefix of "two instances over Redis" (every key of this cluster starts with it). */
  prefix: string;
  close(): Promise<void>;
}

/**
 * Listening apps on one fresh database: one, or two sharing one realtime backend (in-process, or each
 * with its own Redis connections under one key prefix), as N instances behind a load balancer would.
 */
export async function createCluster(topology: Topology, env: Record<string, string> = {}): Promise<Cluster> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-rt-"));
  const appEnv = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    ...GENEROUS_LIMITS,
    ...env,
  });
  const prefix = `kindred-test:${randomBytes(6).toString("hex")}:`;
  const backends: RealtimeBackend[] = [];
  const backend = async () => {
    const made =
      topology === "two instances over Redis"
        ? await redisBackend({
            // REDIS_URL in `env` (a proxy a test can cut) goes before the machine's.
            url: String(env.REDIS_URL ?? process.env.REDIS_URL),
            prefix,
            presenceTtlMs: appEnv.PRESENCE_TTL_MS,
            instanceTtlMs: appEnv.INSTANCE_TTL_MS,
          })
        : inProcessBackend({ presenceTtlMs: appEnv.PRESENCE_TTL_MS });
    backends.push(made);
    return made;
  };
  const first = await backend();
  const second = topology === "two instances over Redis" ? await backend() : first;
  const appA = await buildApp({ env: appEnv, db: database.db, realtime: first });
  const appB =
    topology === "one instance" ? appA : await buildApp({ env: appEnv, db: database.db, realtime: second });
  const urlA = await listen(appA);
  const urlB = appB === appA ? urlA : await listen(appB);
  async function close() {
    await appA.close();
    if (appB !== appA) await appB.close();
    for (const b of backends) await b.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { db: database.db, apps: [appA, appB], urls: [urlA, urlB], prefix, close };
}

/** For a describe block: the cluster is built before its tests and closed after them. */
export function useCluster(topology: Topology, env: Record<string, string> = {}): Cluster {
  const holder = {} as { current: Cluster };
  beforeAll(async () => {
    holder.current = await createCluster(topology, env);
  });
  afterAll(() => holder.current?.close());
  return {
    get db() {
      return holder.current.db;
    },
    get apps() {
      return holder.current.apps;
    },
    get urls() {
      return holder.current.urls;
    },
    get prefix() {
      return holder.current.prefix;
    },
    close: () => holder.current.close(),
  };
}

/** A live match between two users, made directly in the database. */
export async function matchUsers(db: Db, a: number, b: number): Promise<number> {
  const [row] = await db
    .insert(matches)
    .values({ userId1: Math.min(a, b), userId2: Math.max(a, b), compatibility: 80 })
    .returning({ id: matches.id });
  if (!row) throw new Error("no match row");
  return row.id;
}

/** A ringing call of that match from `initiator` to `receiver`. */
export async function ringingCall(
  db: Db,
  matchId: number,
  initiator: number,
  receiver: number,
): Promise<number> {
  const [row] = await db
    .insert(calls)
    .values({ matchId, initiatorId: initiator, receiverId: receiver, callDay: 1, lengthSeconds: 300 })
    .returning({ id: calls.id });
  if (!row) throw new Error("no call row");
  return row.id;
}
