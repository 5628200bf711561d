// npm run bench:voice [-- file.webm|file.mp4 …]
// What saving a voice intro costs the server, per recording: cleaning it in this thread (parse, check,
// copy without tags), the whole job as production runs it (a new worker thread on the built
// dist/voice-worker.js, the bytes copied in and out), and, as the baseline of the same run, a worker
// that starts and answers at once. Memory: the heap and buffers one cleaning holds at its peak, and the
// process's resident growth over 20 worker jobs. Default input: the 35 s fixture (longer than any
// accepted intro) and Chromium's fragmented MP4.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { cleanRecording } from "../src/features/voice/container/clean-recording.ts";
import { runWorkerJob } from "../src/lib/worker-job.ts";

const RUNS = 20;
const here = import.meta.dirname;
const fixtures = path.join(here, "../src/features/voice/container/fixtures");
const files = process.argv.slice(2).filter((arg) => arg !== "--");
const inputs =
  files.length > 0 ? files : [path.join(fixtures, "too-long.webm"), path.join(fixtures, "chromium-opus.mp4")];
const bundle = path.join(here, "../dist/voice-worker.js");
if (!fs.existsSync(bundle))
  throw new Error("build first: npm run build (bench:voice runs dist/voice-worker.js)");

// A worker that does nothing: what starting one costs, for comparison.
const idle = new URL(
  `data:text/javascript,${encodeURIComponent('import { parentPort } from "node:worker_threads"; parentPort.postMessage(0);')}`,
);
const limits = { timeoutMs: 10_000, maxHeapMb: 96 };
const LONG = { minMs: 0, maxMs: 10 * 60_000 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function timed(job: () => unknown): Promise<number> {
  const started = performance.now();
  await job();
  return performance.now() - started;
}
async function medianMs(job: () => unknown): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(job));
  return `${median(times).toFixed(1)} ms`;
}

const loadBefore = os.loadavg()[0]?.toFixed(1);
const rows: string[][] = [];
for (const file of inputs) {
  const bytes = fs.readFileSync(file);
  const clean = cleanRecording(bytes, LONG);
  const before = v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers;
  let peak = 0;
  cleanRecording(bytes, LONG);
  peak = v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers - before;
  const rssBefore = process.memoryUsage().rss;
  const inWorker = await medianMs(() => runWorkerJob(new URL(`file://${bundle}`), [bytes, LONG], limits));
  rows.push([
    path.basename(file),
    `${(clean.durationMs / 1000).toFixed(1)} s`,
    `${(bytes.length / 1024).toFixed(0)} → ${(clean.bytes.length / 1024).toFixed(0)} KB`,
    await medianMs(() => cleanRecording(bytes, LONG)),
    inWorker,
    await medianMs(() => runWorkerJob(idle, 0, limits)),
    `${(Math.max(0, peak) / 1024 / 1024).toFixed(1)} MB`,
    `${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(1)} MB`,
  ]);
}
const header = [
  "recording",
  "length",
  "size (in → stored)",
  "clean, in thread",
  "worker job",
  "baseline: idle worker",
  "held while cleaning",
  "RSS growth, 20 jobs",
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
for (const row of [header, ...rows])
  console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
console.log(
  `medians of ${RUNS} runs; Node ${process.version}; load average ${loadBefore} → ${os.loadavg()[0]?.toFixed(1)}`,
);
