// npm run bench:log-line [-- --lines 300000 --rounds 5]
// The access line's cost, per line: pino's info() with the line's fields (what the app wrote before),
// against AccessLog's direct way, both through the logger the server builds (pino on the buffered
// stream, here into a temporary file emptied after each run), interleaved round by round in one process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { BufferedLogStream } from "../lib/log-stream.ts";
import { AccessLog } from "../lib/request-log.ts";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const lines = flag("--lines", 300_000);
const rounds = flag("--rounds", 5);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-log-line-"));
const file = path.join(dir, "log");
const fd = fs.openSync(file, "a");
const stream = new BufferedLogStream({ fd });
const root = pino({ level: "info" }, stream);
const accessLog = new AccessLog(root);

const ways: Record<string, (id: string, responseTime: number) => void> = {
  "pino info()": (reqId, responseTime) =>
    root.info({ reqId, method: "GET", url: "/api/user", statusCode: 401, responseTime }, "request completed"),
  AccessLog: (reqId, responseTime) => accessLog.write(root, "GET", "/api/user", 401, responseTime, reqId),
};

/** Microseconds of CPU (user + system) per line, the file's writes included. */
function run(write: (id: string, responseTime: number) => void): number {
  const before = process.cpuUsage();
  for (let i = 0; i < lines; i += 1) write(`req-${i.toString(36)}`, performance.now() % 1);
  stream.flush();
  const used = process.cpuUsage(before);
  fs.truncateSync(file, 0);
  return (used.user + used.system) / lines;
}

const results = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
for (const write of Object.values(ways)) run(write); // warm-up
for (let round = 0; round < rounds; round += 1) {
  for (const [name, write] of Object.entries(ways)) results.get(name)?.push(run(write));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const baseline = median(results.get("pino info()") ?? []);
console.log(`${lines} lines a run, ${rounds} rounds (median), CPU µs per line:\n`);
console.log("| way | µs/line | ratio to pino | every round |\n| --- | --- | --- | --- |");
for (const [name, values] of results) {
  const m = median(values);
  console.log(
    `| ${name} | ${m.toFixed(2)} | ${(m / baseline).toFixed(2)} | ${values.map((v) => v.toFixed(2)).join(", ")} |`,
  );
}
stream.end();
fs.rmSync(dir, { recursive: true, force: true });
