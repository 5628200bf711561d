// npm run bench:tick-maps [-- --node 20,24 --duration 4 --connections 50]
// Whether a Node still needs the server's hold on one of process.nextTick's objects
// (src/lib/tick-object-maps.ts, docs/decisions/005-tick-object-hold.md). Without it, full collections
// while the process is idle can free the hidden classes nextTick's object passes through; V8 then marks
// the spots that build it megamorphic, and every later nextTick builds it through V8's runtime. Under
// each Node of --node (this machine's and 24 by default), two checks, each with and without the hold:
//   nextTick alone   a fresh node: nextTick busy, idle through six full collections, busy again;
//   the server       the compiled server (as built, and a copy with the hold's call taken out), warmed
//                    and loaded with 401s, idle through the same collections (SIGUSR2 to a preload),
//                    then loaded again.
// Each reports V8's state of those spots (from %DebugPrint of process.nextTick, read at exit) and, for
// the server, req/s and CPU per request before and after the idle collections.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { type Server, startApp, tempDir } from "./bench-http-servers.ts";
import { type NodeBinary, nodeBinaries, SERVER_ENTRY, wantedMajors } from "./node-versions.ts";

const HOLD_MODULE = path.resolve("apps/server/src/lib/tick-object-maps.ts");
const NO_HOLD_ENTRY = "apps/server/dist/server-bench-no-hold.js";
const HOLD_CALL = /\bholdTickObjectMaps\d*\(\);/g;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const seconds = flag("--duration", 4);
const connections = flag("--connections", 50);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The state of each spot in nextTick that builds its object, from V8's print of the function. */
function literalStates(printed: string): string[] {
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1] as string);
}

/** The idle collections, and V8's print of nextTick at exit (to the process's stdout). */
const PRELOAD = `
process.on("SIGUSR2", () => { for (let i = 0; i < 6; i++) globalThis.gc(); });
const print = new Function("f", "%DebugPrint(f)");
process.on("exit", () => print(process.nextTick));
`;

/** nextTick alone, in a fresh node; the hold is the server's own function, loaded through tsx. */
function nextTickAlone(node: NodeBinary, hold: boolean, dir: string): string[] {
  const script = `
    ${hold ? `const { holdTickObjectMaps } = await import(${JSON.stringify(pathToFileURL(HOLD_MODULE).href)}); holdTickObjectMaps();` : ""}
    const burst = (n, done) => { const step = () => (--n > 0 ? process.nextTick(step) : done()); process.nextTick(step); };
    burst(1000, () => setTimeout(() => {
      for (let i = 0; i < 6; i++) globalThis.gc();
      burst(1000, () => new Function("f", "%DebugPrint(f)")(process.nextTick));
    }, 10));
  `;
  // V8 prints to the C library's stdout, which a pipe can cut short: the child writes to a file.
  const file = path.join(dir, `alone-${node.major}-${hold}.out`);
  const out = fs.openSync(file, "w");
  const args = [
    "--expose-gc",
    "--allow-natives-syntax",
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    script,
  ];
  const child = spawnSync(node.path, args, {
    stdio: ["ignore", out, "pipe"],
    encoding: "utf8",
    timeout: 60_000,
  });
  fs.closeSync(out);
  if (child.status !== 0) throw new Error(`${node.label}: ${child.stderr}`);
  return literalStates(fs.readFileSync(file, "utf8"));
}

interface Load {
  reqPerSec: number;
  userUs: number;
}

async function load401(server: Server): Promise<Load> {
  const before = server.cpuMs();
  const result = await autocannon({ url: `${server.url}/api/user`, connections, duration: seconds });
  const after = server.cpuMs();
  if (result.non2xx !== result.requests.total || result.errors > 0) throw new Error("expected only 401s");
  await sleep(300);
  server.takeLogLines();
  const total = Math.max(1, result.requests.total);
  const userUs = before && after ? ((after.user - before.user) * 1000) / total : Number.NaN;
  return { reqPerSec: result.requests.average, userUs };
}

interface ServerCheck {
  states: string[];
  before: Load;
  after: Load;
}

async function theServer(
  node: NodeBinary,
  entry: string,
  dir: string,
  preload: string,
): Promise<ServerCheck> {
  const server = await startApp(dir, node, {
    entry,
    env: { SHUTDOWN_DRAIN_MS: "0" },
    nodeArgs: ["--expose-gc", "--allow-natives-syntax", "--import", pathToFileURL(preload).href],
  });
  let stopped = false;
  try {
    await load401(server); // warm-up: the JIT's work is not the slow mode's
    const before = await load401(server);
    await sleep(1_000);
    server.signal("SIGUSR2");
    await sleep(1_000);
    const after = await load401(server);
    await server.stop();
    stopped = true;
    return { states: literalStates(fs.readFileSync(server.logFile, "utf8")), before, after };
  } finally {
    if (!stopped) await server.stop();
  }
}

const slow = (states: string[]) =>
  states.length === 0 ? "unknown (no print)" : states.includes("MEGAMORPHIC") ? "**yes**" : "no";
function summary(states: string[]): string {
  const counts = new Map<string, number>();
  for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${n} ${state.toLowerCase()}`).join(", ");
}

async function main() {
  const found = nodeBinaries(wantedMajors());
  const dir = tempDir();
  const preload = path.join(dir, "preload.mjs");
  fs.writeFileSync(preload, PRELOAD);
  const built = fs.readFileSync(SERVER_ENTRY, "utf8");
  const holds = (built.match(HOLD_CALL) ?? []).length === 1;
  const variants: [string, string][] = [[holds ? "as built (holds)" : "as built (no hold)", SERVER_ENTRY]];
  if (holds) {
    fs.writeFileSync(NO_HOLD_ENTRY, built.replace(HOLD_CALL, "/* hold taken out by bench:tick-maps */"));
    variants.push(["hold taken out", NO_HOLD_ENTRY]);
  }
  const rows: string[][] = [];
  try {
    for (const node of found.nodes) {
      for (const hold of fs.existsSync(HOLD_MODULE) ? [true, false] : [false]) {
        const states = nextTickAlone(node, hold, dir);
        rows.push([
          node.label,
          "nextTick alone",
          hold ? "held" : "none",
          summary(states),
          slow(states),
          "-",
          "-",
        ]);
      }
      for (const [label, entry] of variants) {
        const check = await theServer(node, entry, dir, preload);
        const { before, after } = check;
        const reqs = `${before.reqPerSec.toFixed(0)} → ${after.reqPerSec.toFixed(0)}`;
        const cpu = `${before.userUs.toFixed(1)} → ${after.userUs.toFixed(1)}`;
        rows.push([
          node.label,
          "the server, 401s",
          label,
          summary(check.states),
          slow(check.states),
          reqs,
          cpu,
        ]);
      }
    }
  } finally {
    fs.rmSync(NO_HOLD_ENTRY, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const header = [
    "node",
    "check",
    "hold",
    "nextTick's literal spots after idle collections",
    "slow mode",
    "req/s before → after",
    "server µs/req user before → after",
  ];
  console.log(`\n| ${header.join(" | ")} |\n|${" --- |".repeat(header.length)}`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`\nautocannon -c ${connections} -d ${seconds} each side; load average ${load} at the end.`);
  if (found.notes.length > 0) console.log(found.notes.join("\n"));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
