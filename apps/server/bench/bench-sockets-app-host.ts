// The app side of `npm run bench:sockets`, run in a child process: the real app, one instance or
// two (sharing one database, each with its own Redis connections, as two instances behind a load
// balancer would).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { loadEnv } from "../src/env.ts";
import { sessionFromCookies } from "../src/lib/sessions/lookup.ts";
import { SESSION_COOKIE } from "../src/lib/sessions/token.ts";
import type { RealtimeBackend } from "../src/realtime/backend.ts";
import { inProcessBackend } from "../src/realtime/in-process-backend.ts";
import { redisBackend } from "../src/realtime/redis-backend.ts";
import { type Memory, settledMemory } from "./bench-sockets-memory.ts";
import { type CallPair, insertCallPairs } from "./bench-sockets-people.ts";

export interface AppStart {
  instances: 1 | 2;
  /** Each instance gets its own Redis backend under this prefix; otherwise they share an in-process one. */
  redis?: { url: string; prefix: string };
  /** PostgreSQL (already created); otherwise PGlite, in this directory or else in memory. */
  databaseUrl?: string;
  pgliteDir?: string;
  migrate?: boolean;
}

export type AppCommands = {
  /** The instances' http base URLs. */
  start(opts: AppStart): Promise<string[]>;
  /** Matched pairs, each with a ringing call from a to b. */
  pairs(count: number): Promise<CallPair[]>;
  /** Looks every session up once, as an upgrade does, so PGlite's cache holds their pages. */
  warmSessions(cookies: string[]): Promise<void>;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
};

export function appCommands(): AppCommands {
  let database: Database | undefined;
  let dataDir: string | undefined;
  const apps: FastifyInstance[] = [];
  const backends: RealtimeBackend[] = [];
  const db = () => {
    if (!database) throw new Error("start first");
    return database.db;
  };

  async function start(opts: AppStart): Promise<string[]> {
    const where = opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir: opts.pgliteDir };
    const migrationsDir = opts.migrate === false ? null : loadEnv().MIGRATIONS_DIR;
    database = await openDatabase({ ...where, migrationsDir });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-sockets-"));
    const env = loadEnv({
      NODE_ENV: "production",
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      // Thousands of upgrades at once hold the loop; shedding them (503) would end the measurement.
      MAX_EVENT_LOOP_DELAY_MS: "0",
    });
    const presenceTtlMs = env.PRESENCE_TTL_MS;
    // Without Redis the instances share one in-process backend, as two apps in one process can.
    const inProcess = inProcessBackend({ presenceTtlMs });
    backends.push(inProcess);
    const urls: string[] = [];
    for (let i = 0; i < opts.instances; i += 1) {
      const backend = opts.redis ? await redisBackend({ ...opts.redis, presenceTtlMs }) : inProcess;
      if (backend !== inProcess) backends.push(backend);
      const app = await buildApp({ env, db: database.db, realtime: backend });
      apps.push(app);
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      urls.push(`http://127.0.0.1:${address.port}`);
    }
    return urls;
  }

  return {
    start,
    pairs: (count) => insertCallPairs(db(), count),
    async warmSessions(cookies) {
      for (const cookie of cookies) {
        const token = cookie.slice(cookie.indexOf("=") + 1);
        if (!(await sessionFromCookies(db(), { [SESSION_COOKIE]: token }))) throw new Error("no session");
      }
    },
    memory: () => settledMemory(() => apps.reduce((n, app) => n + app.realtime.hub.size, 0)),
    async stop() {
      for (const app of apps) await app.close();
      for (const backend of backends) await backend.close();
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
