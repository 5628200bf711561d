// Reading every conversation back through the API, and what it says about what the senders meant.
import fs from "node:fs";
import os from "node:os";
import type { IntervalHistogram } from "node:perf_hooks";
import { MESSAGE_PAGE_MAX, type Message, type MessagePage } from "@kindred/shared/chat";
import type { SoakMatch } from "./soak-chat-data.ts";
import { request } from "./soak-chat-http.ts";
import type { RestartWindow, SendStats } from "./soak-chat-senders.ts";

export async function readBack(origin: string, matches: SoakMatch[]): Promise<Map<number, Message[]>> {
  const stored = new Map<number, Message[]>();
  for (const match of matches) {
    const rows: Message[] = [];
    for (let after = 0, more = true; more; ) {
      const page = await getPage(origin, match, after);
      rows.push(...page.messages);
      more = page.hasMore;
      after = page.messages.at(-1)?.seq ?? after;
    }
    stored.set(match.id, rows);
  }
  return stored;
}

async function getPage(origin: string, match: SoakMatch, after: number): Promise<MessagePage> {
  const url = `${origin}/api/matches/${match.id}/messages?after=${after}&limit=${MESSAGE_PAGE_MAX}`;
  for (let tries = 1; ; tries++) {
    try {
      const res = await request(url, {
        headers: { cookie: `kindred_session=${match.people[0].token}` },
        timeoutMs: 10_000,
      });
      if (res.status === 200) return JSON.parse(res.text) as MessagePage;
      throw new Error(`HTTP ${res.status}: ${res.text}`);
    } catch (err) {
      if (tries >= 5) throw new Error(`reading match ${match.id} after ${after}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export interface Verdict {
  meant: number;
  stored: number;
  lost: string[];
  /** Acknowledged with 200/201 and yet absent afterwards: durability, not delivery. */
  ackedThenLost: string[];
  duplicated: string[];
  /** Rows no sender meant, or stored under the wrong sender. */
  strays: string[];
  gapped: string[];
  /** A sender's later message stored before an earlier one (expected only with concurrent senders). */
  outOfOrder: string[];
  /** The acknowledged message is not the stored one (a different id or seq). */
  ackMismatches: string[];
}

export function verify(stats: SendStats, matches: SoakMatch[], stored: Map<number, Message[]>): Verdict {
  const counts = new Map<string, Message[]>();
  const v: Verdict = {
    meant: stats.meant.size,
    stored: 0,
    lost: [],
    ackedThenLost: [],
    duplicated: [],
    strays: [],
    gapped: [],
    outOfOrder: [],
    ackMismatches: [],
  };
  for (const match of matches) {
    const rows = stored.get(match.id) ?? [];
    v.stored += rows.length;
    const bad = rows.findIndex((m, i) => m.seq !== i + 1);
    if (bad >= 0) v.gapped.push(`match ${match.id}: position ${bad + 1} holds seq ${rows[bad]?.seq}`);
    const lastN = new Map<number, number>();
    for (const m of rows) {
      const n = Number(m.content.split("-m")[1]);
      if (n < (lastN.get(m.senderId) ?? 0))
        v.outOfOrder.push(`match ${m.matchId} seq ${m.seq}: ${m.content}`);
      lastN.set(m.senderId, Math.max(n, lastN.get(m.senderId) ?? 0));
      const sender = stats.meant.get(m.content);
      if (!sender || sender.id !== m.senderId || sender.matchId !== m.matchId) {
        v.strays.push(`match ${m.matchId} seq ${m.seq} from ${m.senderId}: ${m.content}`);
      }
      counts.set(m.content, [...(counts.get(m.content) ?? []), m]);
    }
  }
  for (const key of stats.meant.keys()) {
    const found = counts.get(key) ?? [];
    if (found.length === 0) (stats.acked.has(key) ? v.ackedThenLost : v.lost).push(key);
    if (found.length > 1) v.duplicated.push(`${key} ×${found.length} (seqs ${found.map((m) => m.seq)})`);
    const ack = stats.acked.get(key);
    if (ack && found.length === 1 && (found[0]?.id !== ack.id || found[0]?.seq !== ack.seq)) {
      v.ackMismatches.push(`${key}: acked id ${ack.id} seq ${ack.seq}, stored id ${found[0]?.id}`);
    }
  }
  return v;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? Number.NaN;
};

/** Errors the server itself logged (pino level 50 and up), from its captured output. */
export function serverErrors(logPath: string): string[] {
  if (!fs.existsSync(logPath)) return [];
  return fs
    .readFileSync(logPath, "utf8")
    .split("\n")
    .filter((line) => /"level":(5\d|60)/.test(line) || /^\w*Error\b/.test(line));
}

/** Attempts by when they started, in 5 s steps: where the failures and the slow answers were. */
function timeline(stats: SendStats, startAt: number): string[] {
  const buckets = new Map<number, { ms: number[]; failed: number; n: number }>();
  for (const a of stats.log) {
    const key = Math.floor((a.startedAt - startAt) / 5_000) * 5;
    const b = buckets.get(key) ?? { ms: [], failed: 0, n: 0 };
    b.n++;
    if (a.ok) b.ms.push(a.ms);
    else b.failed++;
    buckets.set(key, b);
  }
  return [...buckets]
    .sort(([x], [y]) => x - y)
    .map(
      ([t, b]) =>
        `    ${String(t).padStart(3)}–${String(t + 5).padEnd(3)} s  attempts ${String(b.n).padStart(5)}` +
        `  failed ${String(b.failed).padStart(5)}  answered p50 ${pct(b.ms, 0.5).toFixed(0).padStart(5)} ms` +
        `  max ${pct(b.ms, 1).toFixed(0).padStart(5)} ms`,
    );
}

export function printReport(r: {
  database: string;
  stats: SendStats;
  verdict: Verdict;
  startAt: number;
  window: RestartWindow;
  /** The soak process's own event-loop delay (ns): slow answers can be the client's fault. */
  loopDelay: IntervalHistogram;
  sendSeconds: number;
  drainMs: number;
  /** Senders sent one message at a time, so each one's messages must be stored in the order written. */
  inOrder: boolean;
  /** Rows that appeared after the first read-back: work the server still had queued. */
  lateRows: number;
  serverErrors: string[];
  unexpectedExits: string[];
  serverCpuSeconds: number;
  soakCpuSeconds: number;
}): boolean {
  const { stats: s, verdict: v } = r;
  const okMs = s.log.filter((a) => a.ok).map((a) => a.ms);
  const at = (t: number | undefined) => (((t ?? Number.NaN) - r.startAt) / 1000).toFixed(1);
  const downtimeMs = (r.window.upAt ?? Number.NaN) - (r.window.killedAt ?? Number.NaN);
  const lost = v.lost.length + v.ackedThenLost.length;
  const givenUp = v.lost.filter((k) => s.abandoned.has(k)).length;
  const list = (items: string[]) => (items.length ? ` — ${items.slice(0, 10).join("; ")}` : "");
  const failures = [...s.failures].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  const lines = [
    `Chat soak on ${r.database}: ${r.sendSeconds.toFixed(0)} s of sending, drain ${(r.drainMs / 1000).toFixed(1)} s`,
    `  messages sent (meant)          ${v.meant}`,
    `  stored (read back)             ${v.stored}`,
    `  lost                           ${lost} (acknowledged, then missing ${v.ackedThenLost.length}; never acknowledged, given up ${givenUp}; other ${v.lost.length - givenUp})${list([...v.ackedThenLost.map((k) => `${k} (acked)`), ...v.lost])}`,
    `  duplicated                     ${v.duplicated.length}${list(v.duplicated)}`,
    `  seqs 1..N without gaps         ${v.gapped.length === 0 ? "yes, every match" : `NO in ${v.gapped.length}`}${list(v.gapped)}`,
    `  each sender's order kept       ${v.outOfOrder.length === 0 ? "yes" : `no, ${v.outOfOrder.length} inversions${r.inOrder ? "" : " (expected: concurrent senders)"}`}${list(r.inOrder ? v.outOfOrder : [])}`,
    `  POST attempts                  ${s.attempts} (${(s.attempts / r.sendSeconds).toFixed(0)}/s over the sending time)`,
    `  retries made                   ${s.retries}`,
    `  failed during the restart      ${s.failedDuringRestart}`,
    `  failed outside the restart     ${s.failedOutsideRestart}`,
    `  failures by kind               ${failures}`,
    `  restart downtime               ${r.window.killedAt === undefined ? "no restart" : `${downtimeMs.toFixed(0)} ms (SIGKILL at ${at(r.window.killedAt)} s, healthy at ${at(r.window.upAt)} s)`}`,
    `  answered 201 first             ${s.created}`,
    `  answered 200 first             ${s.storedEarlier} (stored by an attempt whose answer was lost)`,
    `  resends of an answered message ${s.resends}, wrong answers ${s.resendProblems.length}${list(s.resendProblems)}`,
    `  acked ≠ stored                 ${v.ackMismatches.length}${list(v.ackMismatches)}`,
    `  stray rows                     ${v.strays.length}${list(v.strays)}`,
    `  429 answers (client bug)       ${s.rateLimited}`,
    `  other refusals (4xx)           ${s.unexpected.length}${list(s.unexpected)}`,
    `  given up at the drain deadline ${s.abandoned.size} messages (${s.abandoned.size - givenUp} of them stored anyway)`,
    `  rows stored after 1st read     ${r.lateRows}`,
    `  POST 200/201 latency           p50 ${pct(okMs, 0.5).toFixed(0)} ms, p95 ${pct(okMs, 0.95).toFixed(0)} ms, p99 ${pct(okMs, 0.99).toFixed(0)} ms, max ${pct(okMs, 1).toFixed(0)} ms`,
    `  soak's own event-loop delay    p99 ${(r.loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(r.loopDelay.max / 1e6).toFixed(0)} ms`,
    `  server-logged errors           ${r.serverErrors.length}${list(r.serverErrors.map((l) => l.slice(0, 300)))}`,
    `  server exits not caused by us  ${r.unexpectedExits.length}${list(r.unexpectedExits)}`,
    `  CPU used                       server ${r.serverCpuSeconds.toFixed(1)} s (${((r.serverCpuSeconds / s.attempts) * 1000).toFixed(1)} ms per POST attempt), soak process (clients, seeding, read-back) ${r.soakCpuSeconds.toFixed(1)} s`,
    `  machine                        ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  ];
  console.log([...lines, "  timeline (by attempt start):", ...timeline(s, r.startAt)].join("\n"));
  const misordered = r.inOrder ? v.outOfOrder.length : 0;
  const ok = lost === 0 && v.duplicated.length === 0 && v.gapped.length === 0 && misordered === 0;
  console.log(
    ok
      ? "RESULT: ok (0 lost, 0 duplicated, no gaps)"
      : `RESULT: FAILED (${lost} lost, ${v.duplicated.length} duplicated, ${v.gapped.length} matches with gaps, ${misordered} out of order)`,
  );
  return ok;
}
