// The server side of `npm run bench:push`, in a child process started with NODE_EXTRA_CA_CERTS naming
// the test push endpoint's certificate (Node reads it only at start): the real app on PGlite in
// memory, its push sender verifying TLS as in production, and matched pairs made straight in the database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { matches } from "../src/db/schema/matches.ts";
import { users } from "../src/db/schema/users.ts";
import { loadEnv } from "../src/env.ts";
import { inProcessBackend } from "../src/realtime/in-process-backend.ts";
import { insertPeople } from "./bench-sockets-people.ts";
import { serveCommands } from "./bench-sockets-rpc.ts";

export interface PushPair {
  caller: { cookie: string; username: string };
  receiver: { cookie: string };
  matchId: number;
}

let database: Database | undefined;
let app: FastifyInstance | undefined;
let dataDir: string | undefined;

const commands = {
  async start(arg: {
    pairs: number;
    pushEndpointAllow: string;
  }): Promise<{ url: string; pairs: PushPair[] }> {
    database = await openDatabase({ migrationsDir: loadEnv().MIGRATIONS_DIR });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-push-"));
    const env = loadEnv({
      NODE_ENV: "production",
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUSH_ENDPOINT_ALLOW: arg.pushEndpointAllow,
    });
    const backend = inProcessBackend({ presenceTtlMs: env.PRESENCE_TTL_MS });
    app = await buildApp({ env, db: database.db, realtime: backend });
    app.addHook("onClose", () => backend.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no address");

    // One pair a round: a caller may ring one match only 5 times in 10 minutes.
    const people = await insertPeople(database.db, arg.pairs * 2);
    const names = await database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        inArray(
          users.id,
          people.map((p) => p.id),
        ),
      );
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    const pairs: PushPair[] = [];
    for (let i = 0; i < arg.pairs; i++) {
      const a = people[2 * i];
      const b = people[2 * i + 1];
      if (!a || !b) throw new Error("too few people");
      const [match] = await database.db
        .insert(matches)
        .values({ userId1: Math.min(a.id, b.id), userId2: Math.max(a.id, b.id), compatibility: 80 })
        .returning({ id: matches.id });
      pairs.push({
        caller: { cookie: a.cookie, username: String(nameOf.get(a.id)) },
        receiver: { cookie: b.cookie },
        matchId: Number(match?.id),
      });
    }
    return { url: `http://127.0.0.1:${address.port}`, pairs };
  },
  async stop(): Promise<void> {
    await app?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  },
};

export type PushCommands = typeof commands;

serveCommands(commands, () => process.exit(0));
