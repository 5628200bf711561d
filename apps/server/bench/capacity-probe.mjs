// Loaded into the compiled server by `npm run bench:capacity` (node --import), never by the app: it
// reads what only the server process can tell, per measuring window, over the IPC channel the bench
// opened. Its event-loop delay, CPU and memory; database queries sent (pg or PGlite); and a sampling
// profile of where the process's time went. Plain JS: the server runs as production does, without tsx.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

let queries = 0;
const counted = (original) =>
  function (...args) {
    queries += 1;
    return original.apply(this, args);
  };
pg.Client.prototype.query = counted(pg.Client.prototype.query);
PGlite.prototype.query = counted(PGlite.prototype.query);
PGlite.prototype.exec = counted(PGlite.prototype.exec);
// A PGlite transaction hands its callback an object of its own; BEGIN and COMMIT count as pg's do.
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (callback) {
  queries += 2;
  return transaction.call(this, (tx) =>
    callback({ ...tx, query: counted(tx.query), exec: counted(tx.exec), sql: counted(tx.sql) }),
  );
};

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

// Full collections, and the main thread's pauses for them (most of their marking runs on V8's
// helper threads, on the machine's other core); and the young generation's scavenges, which stop it
// outright for as long as copying what survives them takes.
let majorGcs = 0;
let majorGcPauseMs = 0;
let scavenges = 0;
let scavengePauseMs = 0;
let scavengeMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      scavenges += 1;
      scavengePauseMs += entry.duration;
      scavengeMaxMs = Math.max(scavengeMaxMs, entry.duration);
    }
    if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
    majorGcs += 1;
    majorGcPauseMs += entry.duration;
  }
}).observe({ entryTypes: ["gc"] });

// Queries waiting for their answer, the most at once (sampled every 10 ms): written on a pipelined
// connection and unanswered, or waiting for a pooled one (transactions). An answer waits for the loop
// to read it, so a slow database or a busy stretch of the server piles them up here, which the loop
// delay's p99 can miss.
const pools = new Set();
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (...args) {
  pools.add(this);
  return connect.apply(this, args);
};
let queriesWaitingMax = 0;
setInterval(() => {
  let waiting = 0;
  for (const pool of pools) waiting += pool.waitingCount + (pool.pipelinedCount ?? 0);
  queriesWaitingMax = Math.max(queriesWaitingMax, waiting);
}, 10).unref();
const session = new Session();
session.connect();

/** Self time by function over the profile, largest first: the frames' own samples, not their callees'. */
function topFunctions(profile, count) {
  const byName = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\/.*?\/(node_modules|apps)\//, "$1/");
    const key = url ? `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}` : functionName;
    byName.set(key, (byName.get(key) ?? 0) + hits);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, share: hits / total }));
}

/**
 * The longest stretch the process was busy without a break (consecutive samples outside "(idle)"),
 * and the stacks it spent most of it in: a stall that p99s hide.
 */
function longestBusy(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  let best = { ms: 0, from: 0, to: 0 };
  let start = 0;
  let ms = 0;
  profile.samples.forEach((id, i) => {
    const idle = byId.get(id)?.callFrame.functionName === "(idle)";
    if (idle) {
      if (ms > best.ms) best = { ms, from: start, to: i };
      ms = 0;
      start = i + 1;
    } else ms += (profile.timeDeltas[i + 1] ?? 0) / 1000;
  });
  const leaves = new Map();
  for (let i = best.from; i < best.to; i += 1)
    leaves.set(profile.samples[i], (leaves.get(profile.samples[i]) ?? 0) + 1);
  const stackOf = (id) => {
    const frames = [];
    for (let at = id; at !== undefined && frames.length < 10; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at).callFrame;
      if (functionName === "(root)") break;
      frames.push(
        `${functionName || "(anonymous)"}${url ? ` ${url.replace(/^.*\/(node_modules|apps)\//, "$1/")}:${lineNumber + 1}` : ""}`,
      );
    }
    return frames;
  };
  const stacks = [...leaves]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id, hits]) => ({ share: hits / Math.max(1, best.to - best.from), frames: stackOf(id) }));
  return { ms: best.ms, stacks };
}

async function answer(message) {
  switch (message.type) {
    case "window": {
      // What passed since the last window, then a fresh one.
      const reply = {
        delayP99Ms: delay.percentile(99) / 1e6,
        delayMaxMs: delay.max / 1e6,
        cpu: process.cpuUsage(),
        rss: process.memoryUsage().rss,
        queries,
        majorGcs,
        majorGcPauseMs,
        scavenges,
        scavengePauseMs,
        scavengeMaxMs,
        queriesWaitingMax: pools.size > 0 ? queriesWaitingMax : null,
      };
      delay.reset();
      majorGcs = 0;
      majorGcPauseMs = 0;
      scavenges = 0;
      scavengePauseMs = 0;
      scavengeMaxMs = 0;
      queriesWaitingMax = 0;
      return reply;
    }
    case "profile-start":
      // This holds the loop while V8 lists every compiled function: the bench starts it before a window.
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
      return {};
    case "profile-stop": {
      const { profile } = await session.post("Profiler.stop");
      await session.post("Profiler.disable");
      // Kept for DevTools (Performance, "Load profile"): the whole tree, where the summary has the top.
      if (message.saveTo) await writeFile(message.saveTo, JSON.stringify(profile));
      return { top: topFunctions(profile, message.count ?? 12), stall: longestBusy(profile) };
    }
    default:
      return { error: `unknown probe message ${message.type}` };
  }
}

process.on("message", (message) => {
  answer(message).then(
    (reply) => process.send?.({ id: message.id, ...reply }),
    (error) => process.send?.({ id: message.id, error: String(error) }),
  );
});
// The channel must not keep a stopping server alive, and a bench that is gone leaves no server behind.
process.channel?.unref();
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
