// npm run bench:startup [-- --runs 3 --port 5099 --cases tsx,compiled,... --node 20,24 --before DIR]
// Start-up of the server as a process: from spawn to the first 200 on /api/health, the CPU time the
// process tree used until then, the peak resident memory (VmHWM of the tree's largest process: the
// server) 2 s after that answer, and what is still resident then. Each case runs on an existing PGlite
// database (made once, by a first start) and on a first start (an empty DATA_DIR), under each Node of
// --node (this machine's and 24 by default), printed side by side. The runs go round the cases in turn,
// so that a busy minute on a shared machine lands on every case rather than on one. Cases:
//   tsx               node --import tsx apps/server/src/server.ts (everything else as compiled)
//   compiled-initdb   the compiled server without the PGlite template (initdb on a first start)
//   compiled          node <the start script's options> apps/server/dist/server.js (what `npm start` runs)
//   npm-start         `npm start` end to end with nothing stale (build check, npm, then node)
// --before DIR adds `npm start` and the tsx server of another checkout (an older commit, built once
// with its own `npm run build`), measured in the same rounds. Builds what is stale here first.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  type NodeBinary,
  nodeBinaries,
  SERVER_ENTRY,
  serverNodeArgs,
  wantedMajors,
} from "./node-versions.ts";

interface Case {
  name: string;
  label: string;
  node: NodeBinary;
  command: [string, string[]];
  env?: Record<string, string>;
  /** The checkout it runs in; this one by default. */
  root?: string;
}

/** Every case under one Node; `npm start` finds that Node first on the PATH. */
function casesFor(node: NodeBinary): Case[] {
  const compiled: [string, string[]] = [node.path, [...serverNodeArgs(), SERVER_ENTRY]];
  const tsx: [string, string[]] = [node.path, ["--import", "tsx", "apps/server/src/server.ts"]];
  const npmEnv = { PATH: `${path.dirname(node.path)}${path.delimiter}${process.env.PATH ?? ""}` };
  const cases: Case[] = [
    { name: "tsx", label: "tsx", node, command: tsx },
    {
      name: "compiled-initdb",
      label: "compiled, no template (initdb)",
      node,
      command: compiled,
      env: { PGLITE_TEMPLATE: "/nonexistent" },
    },
    { name: "compiled", label: "compiled", node, command: compiled },
    { name: "npm-start", label: "npm start", node, command: ["npm", ["start"]], env: npmEnv },
  ];
  const chosen = cases.filter((c) => wanted.includes(c.name));
  if (before) {
    const dir = path.resolve(before);
    chosen.unshift(
      { name: "before-tsx", label: "before: tsx", node, command: tsx, root: dir },
      {
        name: "before-npm-start",
        label: "before: npm start",
        node,
        command: ["npm", ["start"]],
        env: npmEnv,
        root: dir,
      },
    );
  }
  return chosen;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(option("--runs") ?? 3);
const port = Number(option("--port") ?? 5099);
const root = process.cwd();
const wanted = (option("--cases") ?? "tsx,compiled-initdb,compiled,npm-start").split(",");
const before = option("--before");
const SETTLE_MS = 2_000;
const TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function healthStatus(): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/health", timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    req.on("timeout", () => req.destroy());
  });
}

/** The process and its descendants, from /proc (Linux). */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone since readdir.
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i += 1) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}

/** Peak and current resident MiB of the tree's largest process. */
function memory(pid: number): { peak: number; rss: number } {
  let best = { peak: 0, rss: 0 };
  for (const p of tree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      const kib = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
      const peak = kib("VmHWM") / 1024;
      if (peak > best.peak) best = { peak, rss: kib("VmRSS") / 1024 };
    } catch {
      // Gone.
    }
  }
  return best;
}

/**
 * CPU seconds the tree has used (user + system, with its waited-for children's: the build check that
 * ran before `exec node`), from /proc in clock ticks of 1/100 s. Unlike the wall time, other sessions'
 * load barely moves it.
 */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      for (const i of [11, 12, 13, 14]) ticks += Number(fields[i]);
    } catch {
      // Gone.
    }
  }
  return ticks / 100;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  process.kill(-(child.pid as number), "SIGTERM");
  const timer = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  // npm can exit before the server it started has closed: the next run needs the port.
  for (let i = 0; i < 500 && (await healthStatus()) !== 0; i += 1) await sleep(20);
}

interface Sample {
  ms: number;
  cpu: number;
  peak: number;
  rss: number;
}

async function startOnce(c: Case, dataDir: string): Promise<Sample> {
  if ((await healthStatus()) !== 0) throw new Error(`something already answers on port ${port}`);
  const started = performance.now();
  const child = spawn(c.command[0], c.command[1], {
    cwd: c.root ?? root,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      ...c.env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  try {
    while ((await healthStatus()) !== 200) {
      if (child.exitCode !== null) throw new Error(`${c.label} exited ${child.exitCode}: ${stderr}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`${c.label}: no 200 in ${TIMEOUT_MS} ms`);
      await sleep(10);
    }
    const ms = performance.now() - started;
    const cpu = cpuSeconds(child.pid as number);
    await sleep(SETTLE_MS);
    return { ms, cpu, ...memory(child.pid as number) };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function main() {
  const found = nodeBinaries(wantedMajors());
  const cases = found.nodes.flatMap(casesFor);
  if (!cases[0]) throw new Error(`no case among ${wanted.join(", ")}`);
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the build failed");

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-startup-"));
  const existing = path.join(scratch, "existing");
  const databases = ["existing", "first start"] as const;
  /** By row (case and database), then by Node. */
  const samples = new Map<string, Map<NodeBinary, Sample[]>>();
  try {
    // The existing database: made by a first start, then opened by every case's other runs.
    await startOnce(cases.at(-1) as Case, existing);
    for (let i = 0; i < runs; i += 1) {
      for (const c of cases) {
        for (const database of databases) {
          const dir =
            database === "existing" ? existing : path.join(scratch, `first-${c.node.major}-${c.name}-${i}`);
          const row = samples.get(`${c.label}|${database}`) ?? new Map<NodeBinary, Sample[]>();
          row.set(c.node, [...(row.get(c.node) ?? []), await startOnce(c, dir)]);
          samples.set(`${c.label}|${database}`, row);
          if (dir !== existing) fs.rmSync(dir, { recursive: true, force: true });
        }
      }
      console.log(`round ${i + 1} of ${runs} done`);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(`\n${os.cpus().length} CPUs, load average ${load}, ${runs} runs each\n`);
  const header = ["server", "database"];
  for (const node of found.nodes) {
    header.push(
      `${node.label}: first 200, median ms (runs)`,
      "CPU s to it",
      "peak RSS MiB",
      "RSS after 2 s MiB",
    );
  }
  console.log(`| ${header.join(" | ")} |\n|${" --- |".repeat(header.length)}`);
  for (const [key, row] of samples) {
    const cells = key.split("|");
    for (const node of found.nodes) {
      const list = row.get(node) ?? [];
      const ms = list.map((s) => Math.round(s.ms));
      const peak = Math.round(Math.max(...list.map((s) => s.peak)));
      const rss = Math.round(Math.max(...list.map((s) => s.rss)));
      const cpu = median(list.map((s) => s.cpu)).toFixed(2);
      cells.push(list.length ? `${median(ms)} (${ms.join(", ")})` : "-", cpu, String(peak), String(rss));
    }
    console.log(`| ${cells.join(" | ")} |`);
  }
  if (found.notes.length > 0) console.log(`\n${found.notes.join("\n")}`);
}

await main();
