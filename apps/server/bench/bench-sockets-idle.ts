// Idle sockets for `npm run bench:sockets`: the server's memory per open socket, the server in a
// child process and the clients in this one, for the real app's /ws and for a bare `ws` server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { STATUS_SOCKET_PATHS } from "@kindred/shared/presence";
import { openDatabase } from "../src/db/client.ts";
import { loadEnv } from "../src/env.ts";
import type { AppCommands } from "./bench-sockets-app-host.ts";
import type { BareCommands } from "./bench-sockets-bare.ts";
import { appTarget, closeAll, openMany, type Target } from "./bench-sockets-clients.ts";
import type { Memory } from "./bench-sockets-memory.ts";
import { insertPeople } from "./bench-sockets-people.ts";
import type { MemoryRound, MemoryRow } from "./bench-sockets-report.ts";
import { withChild } from "./bench-sockets-rpc.ts";

/** Opened and closed before the baseline, so that first-use costs (JIT, caches) are not counted. */
const WARMUP_SOCKETS = 200;

/**
 * Fewer ways for RSS to move without a socket being opened: a small young generation (the default one
 * grows under the burst of handshakes and shrinks whenever V8 gets to it), and full GCs that compact.
 */
export const MEMORY_FLAGS = ["--max-semi-space-size=1", "--compact-on-every-full-gc"];

async function measureRound(memory: () => Promise<Memory>, targets: Target[]): Promise<MemoryRound> {
  await closeAll(await openMany(targets.slice(0, WARMUP_SOCKETS)));
  const before = await memory();
  const sockets = await openMany(targets);
  const open = await memory();
  await closeAll(sockets);
  const closed = await memory();
  return { before, open, closed };
}

/**
 * Each round in a fresh child: a second round in the same process would reuse the heap pages the
 * first one's sockets freed, and measure next to nothing.
 */
async function rounds(count: number, round: () => Promise<MemoryRound>): Promise<MemoryRound[]> {
  const out: MemoryRound[] = [];
  for (let i = 0; i < count; i += 1) out.push(await round());
  return out;
}

export async function idleBare(sockets: number, count: number): Promise<MemoryRow> {
  const round = () =>
    withChild<BareCommands, MemoryRound>(
      "bare",
      async (bare) => {
        const [url = ""] = await bare.call("start", {});
        const targets = Array.from({ length: sockets }, () => ({ url }));
        return measureRound(() => bare.call("memory"), targets);
      },
      MEMORY_FLAGS,
    );
  return { server: "bare ws (no auth)", opened: sockets, rounds: await rounds(count, round) };
}

/**
 * The app's online-status socket, one person per socket. The people are made in a PGlite directory
 * by this process, which the child then opens: inserting them in the child left garbage and spare
 * heap pages in its baseline, that opening sockets later reused.
 */
export async function idleApp(sockets: number, count: number): Promise<MemoryRow> {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-sockets-"));
  try {
    const database = await openDatabase({ dataDir: pgliteDir, migrationsDir: loadEnv().MIGRATIONS_DIR });
    const people = await insertPeople(database.db, sockets).finally(() => database.close());
    const round = () =>
      withChild<AppCommands, MemoryRound>(
        "app",
        async (app) => {
          const [url = ""] = await app.call("start", { instances: 1, pgliteDir, migrate: false });
          // Reading every person's row grows PGlite's page cache: the database's memory, not the
          // sockets', so it goes before the baseline.
          await app.call(
            "warmSessions",
            people.map((p) => p.cookie),
          );
          const targets = people.map((p) => appTarget(url, STATUS_SOCKET_PATHS[0], p.cookie));
          return measureRound(() => app.call("memory"), targets);
        },
        MEMORY_FLAGS,
      );
    const server = "app /ws (session, presence), PGlite";
    return { server, opened: sockets, rounds: await rounds(count, round) };
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}
