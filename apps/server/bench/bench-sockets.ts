// npm run bench:sockets [-- --sockets 2000 --rounds 3 --pairs 50 --frames 100 --rate 40 --skip-redis]
// The realtime server's cost, beside a bare `ws` server measured in the same run (the machine is
// shared, so only figures from one run compare). Every server runs in a child process; the clients
// run here.
// - Idle: server RSS and heap per authenticated /ws socket (bench-sockets-idle.ts).
// - Relay: send → receive time of ice_candidate frames between the two people of ringing calls, on
//   one instance, and across two instances over Redis (REDIS_URL, default redis://127.0.0.1:6379):
//   on PostgreSQL when DATABASE_URL is set (a database made for the run and dropped after it), else
//   two apps in one child sharing one PGlite (bench-sockets-relay.ts).
import { randomBytes } from "node:crypto";
import { MAX_FRAMES_PER_SECOND } from "@kindred/shared/socket-limits";
import { Redis } from "ioredis";
import { loadEnv } from "../src/env.ts";
import { idleApp, idleBare, MEMORY_FLAGS } from "./bench-sockets-idle.ts";
import { type RelaySetup, relayApp, relayAppOverRedis, relayBare } from "./bench-sockets-relay.ts";
import { type MemoryRow, printReport, type RelayRow } from "./bench-sockets-report.ts";

/** Unmeasured frames each pair sends first (connection set-up, JIT). */
const WARMUP_FRAMES = 5;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Why Redis cannot be used, or null when it answers a PING within a second. */
async function redisProblem(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The command's own error only says the connection closed; the connection's error says why.
  let cause: string | undefined;
  client.on("error", (err: Error) => {
    cause ??= err.message;
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (err) {
    return cause ?? (err instanceof Error ? err.message : String(err));
  } finally {
    client.disconnect();
  }
}

/** Room sets and any other key the run left under its prefix. */
async function dropKeys(url: string, prefix: string) {
  const client = new Redis(url);
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  await client.quit();
}

async function overRedis(setup: RelaySetup, rows: RelayRow[], notes: string[]) {
  const env = loadEnv();
  const url = env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const problem = process.argv.includes("--skip-redis") ? "--skip-redis" : await redisProblem(url);
  if (problem) {
    notes.push(`SKIPPED the two-instance relay over Redis: Redis at ${url} is not usable (${problem}).`);
    return;
  }
  const prefix = `kindred-bench:${randomBytes(6).toString("hex")}:`;
  try {
    rows.push(await relayBare(setup, { url, prefix: `${prefix}bare:` }));
    rows.push(await relayAppOverRedis(setup, { url, prefix }, env.DATABASE_URL));
  } finally {
    await dropKeys(url, prefix);
  }
}

async function main() {
  const started = performance.now();
  const sockets = flag("--sockets", 2_000);
  const setup: RelaySetup = {
    pairs: flag("--pairs", 50),
    frames: flag("--frames", 100),
    perSecond: flag("--rate", 40),
    warmup: WARMUP_FRAMES,
  };
  // Over the limit the server closes the sender with 1008, and there would be nothing to time.
  if (setup.perSecond >= MAX_FRAMES_PER_SECOND)
    throw new Error(`--rate must be under ${MAX_FRAMES_PER_SECOND}`);
  const rounds = flag("--rounds", 3);
  const memory: MemoryRow[] = [await idleBare(sockets, rounds), await idleApp(sockets, rounds)];
  const relay: RelayRow[] = [await relayBare(setup), await relayApp(setup)];
  const notes = [`The idle-socket servers ran with ${MEMORY_FLAGS.join(" ")} (bench-sockets-idle.ts).`];
  await overRedis(setup, relay, notes);
  notes.push(`Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  printReport(memory, relay, setup, notes);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
