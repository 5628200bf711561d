// The server side of `npm run bench:flood`, in a child process (so the flooding clients do not share
// its event loop): the real app on PGlite in memory, and the
// server's busy share of each interval (event-loop utilisation) for the parent to read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { calls } from "../src/db/schema/calls.ts";
import { sessions } from "../src/db/schema/sessions.ts";
import { loadEnv } from "../src/env.ts";
import { hashToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../src/lib/sessions/token.ts";
import { inProcessBackend } from "../src/realtime/in-process-backend.ts";
import { insertCallPairs } from "./bench-sockets-people.ts";
import { serveCommands } from "./bench-sockets-rpc.ts";

export interface FloodSetup {
  url: string;
  /** The flooder's sign-ins (Cookie headers), each good for many sockets. */
  flooderCookies: string[];
  /** A ringing call between the flooder and the member: `call:status` for it reads the database. */
  callId: number;
  matchId: number;
  memberCookie: string;
}

let database: Database | undefined;
let app: FastifyInstance | undefined;
let dataDir: string | undefined;
let lastElu = performance.eventLoopUtilization();

const commands = {
  async start(arg: { sessions: number }): Promise<FloodSetup> {
    database = await openDatabase({ migrationsDir: loadEnv().MIGRATIONS_DIR });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-flood-"));
    const env = loadEnv({
      NODE_ENV: "production",
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
    });
    const backend = inProcessBackend({ presenceTtlMs: env.PRESENCE_TTL_MS });
    app = await buildApp({ env, db: database.db, realtime: backend });
    app.addHook("onClose", () => backend.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    const [pair] = await insertCallPairs(database.db, 1);
    if (!pair) throw new Error("no pair");
    const [call] = await database.db.select().from(calls).where(eq(calls.id, pair.callId));
    // More sign-ins of the flooder, as many browsers (or scripts) of one person would have.
    const tokens = Array.from({ length: arg.sessions - 1 }, () => newSessionToken());
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    if (tokens.length > 0) {
      await database.db
        .insert(sessions)
        .values(tokens.map((t) => ({ tokenHash: hashToken(t), userId: pair.a.id, expiresAt })));
    }
    return {
      url: `http://127.0.0.1:${address.port}`,
      flooderCookies: [pair.a.cookie, ...tokens.map((t) => `${SESSION_COOKIE}=${t}`)],
      callId: pair.callId,
      matchId: Number(call?.matchId),
      memberCookie: pair.b.cookie,
    };
  },
  /** The share of the time since the last call that the event loop was busy (0–1). */
  async busy(): Promise<number> {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, lastElu).utilization;
    lastElu = now;
    return share;
  },
  async stop(): Promise<void> {
    await app?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  },
};

export type FloodCommands = typeof commands;

serveCommands(commands, () => process.exit(0));
