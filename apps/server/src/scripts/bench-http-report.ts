// The table `npm run bench:http` prints.
import type { Server } from "./bench-http-servers.ts";

export interface Target {
  database: string;
  /** Which code: this tree, or the --before checkout. */
  code: string;
  name: string;
  server: Server;
  headers?: Record<string, string>;
  status: number;
}

export interface Sample {
  reqPerSec: number;
  p99: number;
  /**
   * The server process's CPU time per request, µs, in user space (the request path's JavaScript) and in
   * the kernel (mostly the socket write, which costs more when the client has to be woken for it).
   */
  userUs: number;
  systemUs: number;
  logLinesPerRequest: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

function table(header: string[], rows: string[][]) {
  console.log(`| ${header.join(" | ")} |\n|${" --- |".repeat(header.length)}`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

/** Per case, the median of its rounds; the ratio is each round's to that round's bare figure. */
export function printTable(all: Target[], samples: Map<Target, Sample[]>, ratios: Map<Target, number[]>) {
  table(
    [
      "database",
      "code",
      "case",
      "req/s",
      "p99 ms",
      "ratio to bare",
      "server µs/req user",
      "server µs/req kernel",
      "log lines/request",
      "req/s by round",
    ],
    all.map((t) => {
      const s = samples.get(t) ?? [];
      return [
        t.database,
        t.code,
        t.name,
        median(s.map((x) => x.reqPerSec)).toFixed(0),
        median(s.map((x) => x.p99)).toFixed(1),
        median(ratios.get(t) ?? []).toFixed(3),
        median(s.map((x) => x.userUs)).toFixed(1),
        median(s.map((x) => x.systemUs)).toFixed(1),
        t.code === "-" ? "-" : median(s.map((x) => x.logLinesPerRequest)).toFixed(2),
        s.map((x) => x.reqPerSec.toFixed(0)).join(", "),
      ];
    }),
  );
}
