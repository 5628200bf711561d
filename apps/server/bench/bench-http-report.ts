// The tables `npm run bench:http` prints: one row per server and case, one group of columns per Node.
import type { Server } from "./bench-http-servers.ts";
import type { FixedRateResult } from "./fixed-rate.ts";
import type { NodeBinary } from "./node-versions.ts";

export type CaseName = "signed in" | "no cookie (401)";

/** The speed target (issue 24): the app's req/s as a share of the reference's, measured just before. */
export const RATIO_TARGETS: Record<CaseName, number> = { "signed in": 0.8, "no cookie (401)": 0.9 };
/** p99 at the fixed rate, ms. */
export const P99_TARGET_MS = 10;

export interface Target {
  node: NodeBinary;
  kind: "app" | "reference" | "bare";
  /** PGlite, PostgreSQL …; "-" for the reference and bare. */
  database: string;
  /** Which code: this tree, or the --before checkout. */
  code: string;
  case: CaseName;
  server: Server;
  headers?: Record<string, string>;
  status: number;
}

export interface Sample {
  reqPerSec: number;
  p99: number;
  /** The server process's CPU time per request, µs, in user space and in the kernel. */
  userUs: number;
  systemUs: number;
  logLinesPerRequest: number;
}

export interface Results {
  nodes: NodeBinary[];
  targets: Target[];
  samples: Map<Target, Sample[]>;
  /** Each app sample's req/s over the reference's of the same case, measured beside it. */
  ratios: Map<Target, number[]>;
  rates: Map<Target, FixedRateResult>;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/** The same row under every Node: kind, database, code and case. */
const rowKey = (t: Target) => `${t.kind}|${t.database}|${t.code}|${t.case}`;

function rowName(t: Target): string {
  if (t.kind === "reference") return "reference: minimal Fastify, same bytes";
  if (t.kind === "bare") return "bare node:http, same JSON (context only)";
  return t.code === "this tree" ? `app, ${t.database}` : `app, ${t.database}, ${t.code}`;
}

function table(header: string[], rows: string[][]) {
  console.log(`| ${header.join(" | ")} |\n|${" --- |".repeat(header.length)}`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

/** Targets grouped into rows, in their first Node's order, each row's target per Node. */
function rows(results: Results, filter: (t: Target) => boolean): Map<string, Map<NodeBinary, Target>> {
  const grouped = new Map<string, Map<NodeBinary, Target>>();
  for (const t of results.targets.filter(filter)) {
    const row = grouped.get(rowKey(t)) ?? new Map<NodeBinary, Target>();
    row.set(t.node, t);
    grouped.set(rowKey(t), row);
  }
  return grouped;
}

const verdict = (met: boolean) => (met ? "met" : "**not met**");

export function printSaturated(results: Results) {
  const { nodes, samples, ratios } = results;
  const referenceOf = (t: Target) =>
    results.targets.find((r) => r.kind === "reference" && r.node === t.node && r.case === "signed in");
  const body: string[][] = [];
  for (const row of rows(results, () => true).values()) {
    const first = row.values().next().value as Target;
    const target = first.kind === "app" ? `≥ ${RATIO_TARGETS[first.case]}` : "-";
    const cells = [rowName(first), first.case, target];
    for (const node of nodes) {
      const t = row.get(node);
      const s = (t && samples.get(t)) || [];
      if (!t || s.length === 0) {
        cells.push("-", "-", "-", "-");
        continue;
      }
      const reqPerSec = median(s.map((x) => x.reqPerSec));
      let ratio = "1";
      if (t.kind === "app") {
        const r = median(ratios.get(t) ?? []);
        ratio = `${r.toFixed(3)} ${verdict(r >= RATIO_TARGETS[t.case])}`;
      } else if (t.kind === "bare") {
        const reference = referenceOf(t);
        const ref = median((reference && samples.get(reference)?.map((x) => x.reqPerSec)) || []);
        ratio = `(${(reqPerSec / ref).toFixed(2)})`;
      }
      const user = median(s.map((x) => x.userUs)).toFixed(1);
      const kernel = median(s.map((x) => x.systemUs)).toFixed(1);
      cells.push(reqPerSec.toFixed(0), ratio, median(s.map((x) => x.p99)).toFixed(0), `${user} / ${kernel}`);
    }
    body.push(cells);
  }
  const header = ["server", "case", "target"];
  for (const node of nodes) {
    header.push(`${node.label} req/s`, "ratio to reference", "p99 ms", "server µs/req user / kernel");
  }
  table(header, body);
}

export function printFixedRate(results: Results, rate: number) {
  const { nodes, rates } = results;
  const body: string[][] = [];
  for (const row of rows(results, (t) => rates.has(t)).values()) {
    const first = row.values().next().value as Target;
    const cells = [rowName(first), first.case, first.kind === "app" ? `p99 < ${P99_TARGET_MS} ms` : "-"];
    for (const node of nodes) {
      const t = row.get(node);
      const r = t && rates.get(t);
      if (!t || !r) {
        cells.push("-", "-", "-");
        continue;
      }
      const p99 = r.p99.toFixed(1);
      cells.push(t.kind === "app" ? `${p99} ${verdict(r.p99 < P99_TARGET_MS)}` : p99);
      cells.push(`${r.p50.toFixed(1)} / ${r.max.toFixed(1)}`, r.reqPerSec.toFixed(0));
    }
    body.push(cells);
  }
  const header = ["server", "case", "target"];
  for (const node of nodes) header.push(`${node.label} p99 ms`, "p50 / max ms", "req/s");
  console.log(`\nFixed rate: ${rate} req/s, evenly spaced (an open loop):\n`);
  table(header, body);
}

/** Where this process sent fixed-rate requests late enough to matter (its own lag, not the server's). */
export function latenessNotes(results: Results): string[] {
  const late = [...results.rates.entries()].filter(([, r]) => r.lateMs > 5);
  if (late.length === 0) return [];
  const worst = Math.max(...late.map(([, r]) => r.lateMs)).toFixed(0);
  return [
    `The fixed-rate sender fell behind its schedule by up to ${worst} ms in ${late.length} runs (a busy machine).`,
  ];
}

/** Servers whose log did not get one line per request: the comparison assumes both write one. */
export function logLineNotes(results: Results): string[] {
  const notes: string[] = [];
  for (const t of results.targets) {
    if (t.kind === "bare") continue;
    const perRequest = median((results.samples.get(t) ?? []).map((s) => s.logLinesPerRequest));
    if (Math.abs(perRequest - 1) > 0.05) {
      notes.push(`${t.node.label}, ${rowName(t)}, ${t.case}: ${perRequest.toFixed(2)} log lines a request.`);
    }
  }
  return notes;
}
