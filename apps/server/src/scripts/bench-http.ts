// npm run bench:http [-- --duration 10 --connections 50 --rounds 3 --warmup 3 --skip-postgres --before DIR]
// Requests a second and p99 of the app's request path beside a bare node:http server answering the same
// JSON, measured in the same run (the machine is shared: only figures from one run compare):
//   GET /api/user with a session cookie (the auth hook's session lookup, then the handler), and
//   GET /api/user without one (the auth hook's 401),
// on PGlite (the default) and on PostgreSQL (a database made on BENCH_POSTGRES_URL, default the local
// server, for the run and dropped after it; Redis as the bus when BENCH_REDIS_URL answers, as several
// instances would run). autocannon (in this process) drives each server (a child process) for
// --duration seconds over --connections connections; the cases are interleaved (each database's after a
// bare run, in an order that turns each round), and each ratio is to the bare run just before. "Server µs/req" is the server process's own CPU time per
// request (not PostgreSQL's or Redis's), in user space and in the kernel: the user figure is what the
// request path's code costs, steadier than req/s when other work shares the cores. --before DIR also
// measures, in the same rounds, the app of another checkout (with its own node_modules: e.g. `git
// archive <commit> | tar -x -C DIR && cd DIR && npm ci`), on a database of its own. BENCH_SERVER_ARGS adds
// options to the app servers' node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", written when they stop).
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { printTable, type Sample, type Target } from "./bench-http-report.ts";
import { freshPostgres, type Server, signUp, startApp, startBare, tempDir } from "./bench-http-servers.ts";

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function textFlag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The list started `by` places further on: each round takes the databases, and their cases, in another
 * order, so that no case always runs right after the same other one (whose aftermath, a garbage
 * collection or the kernel writing its log out, would land on it every time).
 */
function rotated<T>(list: T[], by: number): T[] {
  return list.map((_, i) => list[(i + by) % list.length] as T);
}

async function load(target: Target, seconds: number, connections: number): Promise<Sample> {
  const cpuBefore = target.server.cpuMs();
  const result = await autocannon({
    url: `${target.server.url}/api/user`,
    connections,
    duration: seconds,
    headers: target.headers,
  });
  const total = result.requests.total;
  const cpuAfter = target.server.cpuMs();
  // The app writes its log lines within 200 ms of a request: wait for this run's last ones.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const logLines = target.server.takeLogLines();
  const expected = result.statusCodeStats?.[String(target.status) as "200"]?.count ?? 0;
  if (result.errors > 0 || result.timeouts > 0 || expected !== total) {
    const codes = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${target.database} ${target.code} ${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${codes}`,
    );
  }
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    userUs:
      cpuBefore && cpuAfter ? ((cpuAfter.user - cpuBefore.user) * 1000) / Math.max(1, total) : Number.NaN,
    systemUs:
      cpuBefore && cpuAfter ? ((cpuAfter.system - cpuBefore.system) * 1000) / Math.max(1, total) : Number.NaN,
    logLinesPerRequest: logLines / Math.max(1, total),
  };
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** The two app cases on one server: signed in (200) and without a cookie (401). */
async function appTargets(
  database: string,
  code: string,
  server: Server,
): Promise<{ targets: Target[]; body: string }> {
  const { cookie, body } = await signUp(server.url);
  const targets: Target[] = [
    { database, code, name: "GET /api/user, signed in", server, headers: { cookie }, status: 200 },
    { database, code, name: "GET /api/user, no cookie (401)", server, status: 401 },
  ];
  return { targets, body };
}

interface Setup {
  dir: string;
  before?: string;
  servers: Server[];
  cleanups: (() => Promise<void>)[];
  notes: string[];
}

/** Each database's cases: this tree's app, then the --before checkout's when given. */
async function databaseGroups(setup: Setup): Promise<{ groups: Target[][]; body: string }> {
  const codes: [string, string | undefined][] = [["this tree", undefined]];
  if (setup.before) codes.push([`before (${setup.before})`, setup.before]);
  const start = async (env: { DATABASE_URL?: string; REDIS_URL?: string }, root?: string) => {
    const server = await startApp(setup.dir, env, root);
    setup.servers.push(server);
    return server;
  };
  const pglite: Target[] = [];
  let body = "";
  for (const [code, root] of codes) {
    const made = await appTargets("PGlite", code, await start({}, root));
    pglite.push(...made.targets);
    body ||= made.body;
  }
  const groups = [pglite];
  if (process.argv.includes("--skip-postgres")) {
    setup.notes.push("PostgreSQL skipped (--skip-postgres).");
    return { groups, body };
  }
  const redis = (await redisAnswers(REDIS_URL)) ? REDIS_URL : undefined;
  const postgres: Target[] = [];
  for (const [i, [code, root]] of codes.entries()) {
    const database = await freshPostgres(POSTGRES_URL, `_${i}`).catch((err: Error) => {
      setup.notes.push(`PostgreSQL skipped: ${POSTGRES_URL} is not usable (${err.message}).`);
      return null;
    });
    if (!database) return { groups, body };
    setup.cleanups.push(database.drop);
    const label = `PostgreSQL ${database.version}${redis ? " + Redis" : ""}`;
    const server = await start({ DATABASE_URL: database.url, REDIS_URL: redis }, root);
    postgres.push(...(await appTargets(label, code, server)).targets);
  }
  groups.push(postgres);
  return { groups, body };
}

async function main() {
  const started = performance.now();
  const seconds = flag("--duration", 10);
  const connections = flag("--connections", 50);
  const rounds = flag("--rounds", 3);
  const warmup = flag("--warmup", 3);
  const setup: Setup = { dir: tempDir(), before: textFlag("--before"), servers: [], cleanups: [], notes: [] };
  const { servers, cleanups, notes } = setup;
  const load0 = os.loadavg()[0]?.toFixed(1);
  try {
    // Groups: each database's cases, measured right after a bare run of the same round.
    const { groups, body } = await databaseGroups(setup);
    // The baseline answers exactly the bytes the signed-in case gets.
    const bare = await startBare(setup.dir, body);
    servers.push(bare);
    const bareTarget: Target = {
      database: "-",
      code: "-",
      name: "bare node:http, same JSON",
      server: bare,
      status: 200,
    };

    const all = [bareTarget, ...groups.flat()];
    for (const target of all) if (warmup > 0) await load(target, warmup, connections);

    const samples = new Map<Target, Sample[]>(all.map((t) => [t, []]));
    const ratios = new Map<Target, number[]>(all.map((t) => [t, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const group of rotated(groups, round)) {
        const base = await load(bareTarget, seconds, connections);
        samples.get(bareTarget)?.push(base);
        ratios.get(bareTarget)?.push(1);
        for (const target of rotated(group, round)) {
          const sample = await load(target, seconds, connections);
          samples.get(target)?.push(sample);
          ratios.get(target)?.push(sample.reqPerSec / base.reqPerSec);
        }
      }
      console.error(`round ${round + 1} of ${rounds} done`);
    }

    console.log(
      `\nautocannon -c ${connections} -d ${seconds}, ${rounds} rounds (median; every round's req/s after it):\n`,
    );
    printTable(all, samples, ratios);
    notes.push(
      `Load average ${load0} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end, on ${os.cpus().length} cores.`,
    );
    notes.push(`Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    console.log(`\n${notes.join("\n")}`);
  } finally {
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(setup.dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
