// The figures of `npm run bench:sockets`, and the tables they are printed as.
import os from "node:os";
import type { RelayResult } from "./bench-sockets-clients.ts";
import type { Memory } from "./bench-sockets-memory.ts";

export interface MemoryRound {
  /** After the warm-up, with no benchmark socket open. */
  before: Memory;
  /** With every socket open. */
  open: Memory;
  /** After every socket closed again: what a closed socket leaves behind. */
  closed: Memory;
}

export interface MemoryRow {
  server: string;
  opened: number;
  rounds: MemoryRound[];
}

export interface RelayRow {
  path: string;
  result: RelayResult;
}

/** KB per socket in each round, in round order. */
function perSocket(row: MemoryRow, bytes: (r: MemoryRound) => number): number[] {
  return row.rounds.map((r) => bytes(r) / 1024 / row.opened);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/** The median, and the spread when there were several rounds. */
function spread(values: number[]): string {
  const mid = median(values).toFixed(1);
  return values.length > 1
    ? `${mid} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`
    : mid;
}

/**
 * RSS: the highest round, then every round. A round reads low when the fresh process still held spare
 * memory from its start-up and the new sockets reused it. The
 * highest is the round where the sockets had to map new memory: what they cost a server that has been
 * up for a while. docs/journal/benchmarks-2026.md, "Sockets", has the runs.
 */
function highest(values: number[]): string {
  const all = values.map((v) => v.toFixed(1)).join(", ");
  return values.length > 1 ? `${Math.max(...values).toFixed(1)} (${all})` : all;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

function table(header: string[], rows: string[][]) {
  console.log(`| ${header.join(" | ")} |\n|${" --- |".repeat(header.length)}`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

function problems(result: RelayResult): string {
  const errors = new Map<string, number>();
  for (const e of result.errors) errors.set(e, (errors.get(e) ?? 0) + 1);
  const parts = [...errors].map(([message, n]) => `${n} × error "${message}"`);
  if (result.closes.length > 0) parts.push(`closed: ${result.closes.join(", ")}`);
  return parts.join("; ") || "none";
}

export function printReport(
  memory: MemoryRow[],
  relay: RelayRow[],
  setup: { pairs: number; frames: number; perSecond: number },
  notes: string[],
) {
  const rounds = memory[0]?.rounds.length ?? 0;
  console.log(
    `\nIdle sockets: server memory per socket after forced GCs; ${rounds} rounds, each a fresh server process`,
  );
  table(
    [
      "server",
      "sockets held",
      "RSS KB/socket, highest (each round)",
      "heap KB/socket, median (range)",
      "external KB/socket",
      "heap KB/socket after close",
    ],
    memory.map((row) => [
      row.server,
      `${Math.min(...row.rounds.map((r) => r.open.sockets))} of ${row.opened}`,
      highest(perSocket(row, (r) => r.open.rss - r.before.rss)),
      spread(perSocket(row, (r) => r.open.heapUsed - r.before.heapUsed)),
      median(perSocket(row, (r) => r.open.external - r.before.external)).toFixed(1),
      median(perSocket(row, (r) => r.closed.heapUsed - r.before.heapUsed)).toFixed(1),
    ]),
  );
  const { pairs, frames, perSecond: rate } = setup;
  console.log(
    `\nRelay: ice_candidate from a to b, ${pairs} pairs × ${frames} frames at ≤ ${rate}/s each, send → receive`,
  );
  table(
    ["path", "frames", "p50 ms", "p99 ms", "max ms", "lost", "errors / closes"],
    relay.map(({ path, result }) => {
      const sorted = [...result.ms].sort((x, y) => x - y);
      return [
        path,
        String(result.ms.length),
        percentile(sorted, 0.5).toFixed(2),
        percentile(sorted, 0.99).toFixed(2),
        (sorted.at(-1) ?? Number.NaN).toFixed(2),
        String(result.lost),
        problems(result),
      ];
    }),
  );
  for (const note of notes) console.log(`\n${note}`);
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}, load ${load.join(" ")}.`,
  );
}
