// npm run soak:chat [-- --seconds 60 --restart-at 30 | --no-restart --pairs 100 --drain 30 --timeout 3
//                      --concurrent]
// A soak of chat sending, not a test: 100 unlocked matches, both people of each sending numbered
// messages for a minute against the real server in a child process, which is SIGKILLed half-way and
// started again on the same port and data. Clients retry with the same clientId and sometimes resend
// an answered message. Afterwards every conversation is read back through the API and compared with
// what the clients meant to send. PGlite in a temporary directory, or, when DATABASE_URL is set, a
// PostgreSQL database made for the run and dropped after it. Exit 1 if anything was lost, duplicated
// or out of sequence. See docs/benchmarks.md, "Chat soak".

import { setMaxListeners } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadEnv } from "../src/env.ts";
import { createSoakDatabase, type SoakMatch, type SoakTarget, seedSoak } from "./soak-chat-data.ts";
import { printReport, readBack, serverErrors, verify } from "./soak-chat-report.ts";
import { type RestartWindow, runSender, SendStats } from "./soak-chat-senders.ts";
import { freePort, SoakServer } from "./soak-chat-server.ts";

const START_TIMEOUT_MS = 120_000;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} wants a number`);
  return value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function restart(server: SoakServer, window: RestartWindow, at: number) {
  await sleep(at - performance.now());
  window.killedAt = performance.now();
  await server.killHard();
  server.start();
  await server.waitHealthy(START_TIMEOUT_MS);
  window.upAt = performance.now();
}

/**
 * Reads everything back, again every 2 s until two reads agree: requests the clients gave up on (or
 * timed out) may still be queued in the server and be stored after the first read.
 */
async function readBackSettled(server: SoakServer, matches: SoakMatch[]) {
  const total = (m: Map<number, unknown[]>) => [...m.values()].reduce((n, rows) => n + rows.length, 0);
  const first = await readBack(server.origin, matches);
  let stored = first;
  for (let i = 0; i < 30; i++) {
    await sleep(2_000);
    const again = await readBack(server.origin, matches);
    const settled = total(again) === total(stored);
    stored = again;
    if (settled) break;
  }
  return { stored, lateRows: total(stored) - total(first) };
}

async function soak(server: SoakServer, data: Awaited<ReturnType<typeof seedSoak>>, database: string) {
  const seconds = flag("--seconds", 60);
  const drainMs = flag("--drain", 30) * 1000;
  const stats = new SendStats();
  const window: RestartWindow = {};
  const giveUp = new AbortController();
  // Every request in flight listens to it: hundreds at once are expected, not a leak.
  setMaxListeners(0, giveUp.signal);
  const timeoutMs = flag("--timeout", 3) * 1000;
  const ctx = { origin: server.origin, stats, window, giveUp: giveUp.signal, timeoutMs };
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const startAt = performance.now();
  const until = startAt + seconds * 1000;
  const concurrent = process.argv.includes("--concurrent");
  const restartAt = process.argv.includes("--no-restart") ? null : flag("--restart-at", 30);
  const mode = `${concurrent ? "concurrent" : "in-order"} senders, ${timeoutMs / 1000} s timeout`;
  console.log(
    `Sending for ${seconds} s from ${data.people.length} ${mode}; ` +
      (restartAt === null ? "no restart…" : `restart at ${restartAt} s…`),
  );
  const restarted = restartAt === null ? null : restart(server, window, startAt + restartAt * 1000);
  // Awaited after the senders; marked handled now so that a failed restart is not an unhandled rejection.
  restarted?.catch(() => {});
  const senders = Promise.all(data.people.map((who) => runSender(ctx, who, { startAt, until, concurrent })));
  await sleep(until - performance.now());
  const drained = await Promise.race([senders.then(() => true), sleep(drainMs).then(() => false)]);
  if (!drained) giveUp.abort();
  await senders;
  const drainMsTaken = Math.max(0, performance.now() - until);
  await restarted;
  loopDelay.disable();
  const { stored, lateRows } = await readBackSettled(server, data.matches);
  return {
    database: `${database}, ${mode}`,
    stats,
    verdict: verify(stats, data.matches, stored),
    startAt,
    window,
    loopDelay,
    sendSeconds: seconds,
    drainMs: drainMsTaken,
    inOrder: !concurrent,
    lateRows,
  };
}

async function main(): Promise<boolean> {
  const pairs = flag("--pairs", 100);
  const serverUrl = loadEnv().DATABASE_URL;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-soak-"));
  let server: SoakServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  // Whatever happens, the child dies and the directory goes; the database needs the async path below.
  process.on("exit", () => {
    server?.killNow();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server?.killNow();
      void (drop?.() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(130));
    });
  }
  try {
    let target: SoakTarget = { kind: "pglite", dir: path.join(tmp, "pglite") };
    if (serverUrl) {
      const made = await createSoakDatabase(serverUrl);
      drop = made.drop;
      target = { kind: "postgres", url: made.url };
    }
    const seeded = performance.now();
    const data = await seedSoak(target, pairs);
    console.log(
      `Prepared ${data.people.length} people, sessions and ${data.matches.length} unlocked matches` +
        ` on ${target.kind} in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`,
    );
    const logPath = path.join(tmp, "server.log");
    server = new SoakServer({
      port: await freePort(),
      dataDir: tmp,
      databaseUrl: target.kind === "postgres" ? target.url : undefined,
      logPath,
    });
    server.start();
    await server.waitHealthy(START_TIMEOUT_MS);
    const result = await soak(server, data, target.kind === "postgres" ? "PostgreSQL" : "PGlite");
    await server.stop();
    await server.closeLog();
    const cpu = process.cpuUsage();
    return printReport({
      ...result,
      serverErrors: serverErrors(logPath),
      unexpectedExits: server.unexpectedExits,
      serverCpuSeconds: server.cpuSeconds,
      soakCpuSeconds: (cpu.user + cpu.system) / 1e6,
    });
  } finally {
    await server?.stop();
    await drop?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
