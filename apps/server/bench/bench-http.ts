// npm run bench:http [-- --node 20,24 --duration 5 --rounds 2 --warmup 2 --connections 50 --rate 1000
//                       --rate-duration 5 --long --skip-postgres --before DIR]
// What the app's own request path costs. GET /api/user signed in (the session lookup, then the
// handler) and without a cookie (the auth hook's 401), each saturated by autocannon right beside the
// same request to a reference, a minimal Fastify app answering the same bytes from memory (same
// Fastify and pino, one access line per request, the API's headers): the ratio of the two is the
// figure, since only figures from one run compare on a shared machine. Then p99 at a fixed rate of
// evenly spaced requests (fixed-rate.ts).
// On PGlite and on PostgreSQL (a database made on BENCH_POSTGRES_URL for the run, Redis as the bus when
// BENCH_REDIS_URL answers), every server under each Node of --node (this machine's and 24 by default).
// Bare node:http is printed as context only. Short by default; --long for 10 s runs, 3 rounds.
// --before DIR adds the app of another checkout (built, with its own node_modules) to the same rounds.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import {
  latenessNotes,
  logLineNotes,
  printFixedRate,
  printSaturated,
  type Results,
  type Sample,
  type Target,
} from "./bench-http-report.ts";
import {
  freshPostgres,
  type Server,
  signUp,
  startApp,
  startBare,
  startReference,
  tempDir,
} from "./bench-http-servers.ts";
import { atFixedRate, type FixedRateResult } from "./fixed-rate.ts";
import { type NodeBinary, nodeBinaries, wantedMajors } from "./node-versions.ts";

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const LONG = process.argv.includes("--long");

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function textFlag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The list started `by` places further on, so no case always runs right after the same other one. */
function rotated<T>(list: T[], by: number): T[] {
  return list.map((_, i) => list[(i + by) % list.length] as T);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Throws unless every request got the target's status. */
function checkAnswers(target: Target, result: autocannon.Result) {
  const expected = result.statusCodeStats?.[String(target.status) as "200"]?.count ?? 0;
  if (result.errors > 0 || result.timeouts > 0 || expected !== result.requests.total) {
    const codes = JSON.stringify(result.statusCodeStats);
    const name = `${target.node.label} ${target.kind} ${target.database} ${target.case}`;
    throw new Error(`${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${codes}`);
  }
}

async function load(target: Target, seconds: number, connections: number): Promise<Sample> {
  const cpuBefore = target.server.cpuMs();
  const result = await autocannon({
    url: `${target.server.url}/api/user`,
    connections,
    duration: seconds,
    headers: target.headers,
  });
  const total = Math.max(1, result.requests.total);
  const cpuAfter = target.server.cpuMs();
  await settle(); // the server's last log lines of the run
  const logLines = target.server.takeLogLines();
  checkAnswers(target, result);
  const cpu = (key: "user" | "system") =>
    cpuBefore && cpuAfter ? ((cpuAfter[key] - cpuBefore[key]) * 1000) / total : Number.NaN;
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    userUs: cpu("user"),
    systemUs: cpu("system"),
    logLinesPerRequest: logLines / total,
  };
}

async function fixedRate(target: Target, seconds: number, rate: number): Promise<FixedRateResult> {
  const url = `${target.server.url}/api/user`;
  const run = (s: number) =>
    atFixedRate(url, { rate, seconds: s, status: target.status, headers: target.headers });
  await run(1); // connections opened, and a pause after the previous case, before what is counted
  const result = await run(seconds);
  await settle();
  target.server.takeLogLines();
  return result;
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

interface Setup {
  dir: string;
  before?: string;
  servers: Server[];
  cleanups: (() => Promise<void>)[];
  notes: string[];
  redis?: string;
}

/** One Node's app servers, one group of two cases (signed in, 401) per database and code. */
async function appGroups(setup: Setup, node: NodeBinary): Promise<{ groups: Target[][]; body: string }> {
  const codes: [string, string | undefined][] = [["this tree", undefined]];
  if (setup.before) codes.push([`before (${setup.before})`, setup.before]);
  const databases: { label: string; env: { DATABASE_URL?: string; REDIS_URL?: string }; root?: string }[] =
    [];
  for (const [code, root] of codes) databases.push({ label: `PGlite|${code}`, env: {}, root });
  if (!process.argv.includes("--skip-postgres")) {
    for (const [i, [code, root]] of codes.entries()) {
      const database = await freshPostgres(POSTGRES_URL, `_${node.major}_${i}`).catch((err: Error) => {
        setup.notes.push(`PostgreSQL skipped: ${POSTGRES_URL} is not usable (${err.message}).`);
        return null;
      });
      if (!database) break;
      setup.cleanups.push(database.drop);
      const label = `PostgreSQL ${database.version}${setup.redis ? " + Redis" : ""}|${code}`;
      databases.push({ label, env: { DATABASE_URL: database.url, REDIS_URL: setup.redis }, root });
    }
  }
  const groups: Target[][] = [];
  let body = "";
  for (const { label, env, root } of databases) {
    const server = await startApp(setup.dir, node, { env, root });
    setup.servers.push(server);
    const signedUp = await signUp(server.url);
    body ||= signedUp.body;
    const [database, code] = label.split("|") as [string, string];
    const common = { node, kind: "app" as const, database, code, server };
    groups.push([
      { ...common, case: "signed in", headers: { cookie: signedUp.cookie }, status: 200 },
      { ...common, case: "no cookie (401)", status: 401 },
    ]);
  }
  return { groups, body };
}

interface NodeSet {
  node: NodeBinary;
  groups: Target[][];
  reference: Record<Target["case"], Target>;
  bare: Target;
}

async function nodeSet(setup: Setup, node: NodeBinary): Promise<NodeSet> {
  const { groups, body } = await appGroups(setup, node);
  const reference = await startReference(setup.dir, node, body);
  const bare = await startBare(setup.dir, node, body);
  setup.servers.push(reference, bare);
  const common = { node, database: "-", code: "-" };
  // The signed-in app case's cookie: the reference answers any cookie with the signed-in bytes.
  const cookie = groups[0]?.[0]?.headers;
  const refTarget = (c: Target["case"], status: number, headers?: Record<string, string>): Target => ({
    ...common,
    kind: "reference",
    case: c,
    server: reference,
    status,
    headers,
  });
  return {
    node,
    groups,
    reference: {
      "signed in": refTarget("signed in", 200, cookie),
      "no cookie (401)": refTarget("no cookie (401)", 401),
    },
    bare: { ...common, kind: "bare", case: "signed in", server: bare, status: 200 },
  };
}

/** Header names the app's answer has and the reference's lacks, or the other way round. */
async function headerDifference(app: Target, reference: Target): Promise<string | undefined> {
  const names = async (t: Target) =>
    new Set([...(await fetch(`${t.server.url}/api/user`, { headers: t.headers })).headers.keys()]);
  const [a, r] = [await names(app), await names(reference)];
  const onlyApp = [...a].filter((n) => !r.has(n));
  const onlyRef = [...r].filter((n) => !a.has(n));
  if (onlyApp.length === 0 && onlyRef.length === 0) return undefined;
  return `${app.case}: headers only the app sends: ${onlyApp.join(", ") || "none"}; only the reference: ${onlyRef.join(", ") || "none"}.`;
}

async function main() {
  const started = performance.now();
  const seconds = flag("--duration", LONG ? 10 : 5);
  const rounds = flag("--rounds", LONG ? 3 : 2);
  const warmup = flag("--warmup", LONG ? 3 : 2);
  const connections = flag("--connections", 50);
  const rate = flag("--rate", 1000);
  const rateSeconds = flag("--rate-duration", LONG ? 10 : 5);
  const found = nodeBinaries(wantedMajors());
  const setup: Setup = { dir: tempDir(), before: textFlag("--before"), servers: [], cleanups: [], notes: [] };
  setup.notes.push(...found.notes);
  const load0 = os.loadavg()[0]?.toFixed(1);
  try {
    setup.redis = (await redisAnswers(REDIS_URL)) ? REDIS_URL : undefined;
    const sets: NodeSet[] = [];
    for (const node of found.nodes) sets.push(await nodeSet(setup, node));
    const first = sets[0];
    if (!first) throw new Error("no Node to run the servers under");
    for (const app of first.groups[0] ?? []) {
      const difference = await headerDifference(app, first.reference[app.case]);
      if (difference) setup.notes.push(difference);
    }
    const targets = sets.flatMap((s) => [
      s.reference["signed in"],
      s.reference["no cookie (401)"],
      s.bare,
      ...s.groups.flat(),
    ]);
    const results: Results = {
      nodes: found.nodes,
      targets,
      samples: new Map(targets.map((t) => [t, []])),
      ratios: new Map(targets.map((t) => [t, []])),
      rates: new Map(),
    };
    const measure = async (t: Target) => {
      const sample = await load(t, seconds, connections);
      results.samples.get(t)?.push(sample);
      return sample;
    };
    for (const t of targets) if (warmup > 0) await load(t, warmup, connections);
    for (let round = 0; round < rounds; round += 1) {
      for (const set of rotated(sets, round)) {
        await measure(set.bare);
        for (const group of rotated(set.groups, round)) {
          for (const app of rotated(group, round)) {
            // The reference of the same case right beside it, first in one round and second in the next.
            const reference = set.reference[app.case];
            const pair = round % 2 === 0 ? [reference, app] : [app, reference];
            const [a, b] = [await measure(pair[0] as Target), await measure(pair[1] as Target)];
            const [appSample, refSample] = round % 2 === 0 ? [b, a] : [a, b];
            results.ratios.get(app)?.push(appSample.reqPerSec / refSample.reqPerSec);
          }
        }
      }
      console.error(`round ${round + 1} of ${rounds} done`);
    }
    for (const t of targets)
      if (t.kind !== "bare") results.rates.set(t, await fixedRate(t, rateSeconds, rate));

    console.log(`\nautocannon -c ${connections} -d ${seconds}, ${rounds} rounds (medians):\n`);
    printSaturated(results);
    printFixedRate(results, rate);
    setup.notes.push(...logLineNotes(results), ...latenessNotes(results));
    const load1 = os.loadavg()[0]?.toFixed(1);
    setup.notes.push(
      `Load average ${load0} at the start, ${load1} at the end, on ${os.cpus().length} cores.`,
    );
    setup.notes.push(`Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    console.log(`\n${setup.notes.join("\n")}`);
  } finally {
    for (const server of setup.servers) await server.stop();
    for (const cleanup of setup.cleanups) await cleanup();
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
