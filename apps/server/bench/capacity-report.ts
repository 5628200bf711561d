// What `npm run bench:capacity` prints: a line per step with the limits it is judged by, then, for the
// largest step that held them, the figures an operator plans with and where the server's time went.
import type { ProbeWindow, Stall, TopFunction } from "./capacity-processes.ts";
import { percentile, type WindowTally } from "./capacity-tally.ts";

export const LIMITS = { requestP99Ms: 100, pushP99Ms: 100, delayP99Ms: 50 };
/** Below this many requests a route's p99 is its slowest one or two: shown, not judged on its own. */
const MIN_FOR_P99 = 200;

export interface Measured {
  /** Members in all; each instance serves members / instances. */
  members: number;
  instances: number;
  holdMs: number;
  tally: WindowTally;
  /** Each instance's probe before any member, and around the measured window. */
  idle: ProbeWindow[];
  before: ProbeWindow[];
  after: ProbeWindow[];
  top: TopFunction[];
  stall: Stall;
  /** CPU by process over the window (capacity-machine.ts). */
  machine: string;
}

const ms = (n: number) => (Number.isNaN(n) ? "-" : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const cpuSeconds = (w: ProbeWindow) => (w.cpu.user + w.cpu.system) / 1e6;

/**
 * The p99 of every API request of the window together (the limit), and the route whose own p99 is
 * worst among those with enough requests for a p99 to mean something (shown, to say where to look).
 */
function apiP99(tally: WindowTally): { p99: number; route: string; routeP99: number } {
  const all = Object.values(tally.requests).flat();
  let worst = { route: "-", routeP99: Number.NaN };
  for (const [route, list] of Object.entries(tally.requests)) {
    if (list.length < MIN_FOR_P99) continue;
    const p99 = percentile(list, 99);
    if (Number.isNaN(worst.routeP99) || p99 > worst.routeP99) worst = { route, routeP99: p99 };
  }
  return { p99: percentile(all, 99), ...worst };
}

function perInstance(m: Measured) {
  const members = m.members / m.instances;
  const seconds = m.holdMs / 1000;
  return m.after.map((after, i) => {
    const before = m.before[i] as ProbeWindow;
    const cpu = cpuSeconds(after) - cpuSeconds(before);
    return {
      cpuShare: cpu / seconds,
      cpuSecondsPerMemberHour: (cpu / members) * (3600 / seconds),
      memoryKbPerMember: (after.rss - (m.idle[i] as ProbeWindow).rss) / 1024 / members,
      queriesPerMemberMinute: ((after.queries - before.queries) / members) * (60 / seconds),
      delayP99Ms: after.delayP99Ms,
      delayMaxMs: after.delayMaxMs,
      rssMb: after.rss / 2 ** 20,
    };
  });
}

export function printHeader(): void {
  console.log(
    "| members | requests/s | API p99 (worst route's) | push p99 | errors | drops | loop delay p99 | server CPU | verdict |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
}

/** Collections and the most queries waiting at once: stalls the loop delay's p99 can miss. */
function gcAndPool(w: ProbeWindow): string {
  const pool =
    w.queriesWaitingMax === null ? "" : `, at most ${w.queriesWaitingMax} queries waiting for their answer`;
  const scavenges = `${w.scavenges} scavenges (pauses ${ms(w.scavengePauseMs)} in all, the longest ${ms(w.scavengeMaxMs)})`;
  return `${w.majorGcs} full GCs (pauses ${ms(w.majorGcPauseMs)} in all), ${scavenges}${pool}`;
}

/** Prints the step; true when it held every limit. */
export function printStep(m: Measured): boolean {
  const api = apiP99(m.tally);
  const push = percentile(m.tally.push, 99);
  const errors = Object.values(m.tally.errors).reduce((a, b) => a + b, 0);
  const instances = perInstance(m);
  const delay = Math.max(...instances.map((i) => i.delayP99Ms));
  const delayMax = Math.max(...instances.map((i) => i.delayMaxMs));
  const requests = Object.values(m.tally.requests).reduce((n, l) => n + l.length, 0) / (m.holdMs / 1000);
  const crossed = [
    api.p99 > LIMITS.requestP99Ms && "API p99",
    push > LIMITS.pushP99Ms && "push p99",
    errors > 0 && "errors",
    m.tally.drops > 0 && "drops",
    delay > LIMITS.delayP99Ms && "loop delay",
  ].filter(Boolean);
  const cpu = instances.map((i) => `${Math.round(i.cpuShare * 100)}%`).join(" + ");
  console.log(
    `| ${m.members} | ${requests.toFixed(0)} | ${ms(api.p99)} (${api.route} ${ms(api.routeP99)}) | ${ms(push)} | ${errors} | ${m.tally.drops} | ${ms(delay)} (max ${ms(delayMax)}) | ${cpu} | ${crossed.length ? `crossed: ${crossed.join(", ")}` : "held"} |`,
  );
  if (errors > 0) console.log(`  errors: ${JSON.stringify(m.tally.errors).slice(0, 400)}`);
  console.log(`  CPU: ${m.machine}`);
  console.log(`  server: ${m.after.map(gcAndPool).join("; ")}`);
  console.log(
    `  (the generators' own event-loop delay p99: ${ms(m.tally.generatorDelayP99Ms)}, max ${ms(m.tally.generatorDelayMaxMs)})`,
  );
  return crossed.length === 0;
}

/** The largest step that held (null: none did) and the last one run, which crossed a limit or ended the ramp. */
export function printSummary(label: string, m: Measured | null, last: Measured | null): void {
  if (last && last !== m) {
    printRoutes(last);
    console.log(`\nAt ${last.members} members, where the first instance's time went (self time, sampled):`);
    printTop(last);
  }
  if (!m) {
    console.log(`\n${label}: no step held the limits.`);
    return;
  }
  const instances = perInstance(m);
  const mean = (pick: (i: (typeof instances)[number]) => number) =>
    instances.reduce((sum, i) => sum + pick(i), 0) / instances.length;
  console.log(`\n### ${label}: ${m.members / m.instances} members per instance held every limit`);
  console.log("| figure | value |\n| --- | --- |");
  console.log(`| members per instance | ${m.members / m.instances} (${m.members} in all) |`);
  console.log(`| server CPU per member-hour | ${mean((i) => i.cpuSecondsPerMemberHour).toFixed(2)} s |`);
  console.log(`| server memory per member | ${mean((i) => i.memoryKbPerMember).toFixed(1)} KB |`);
  console.log(
    `| database queries per member per minute | ${mean((i) => i.queriesPerMemberMinute).toFixed(2)} |`,
  );
  console.log(`| chat push p99 | ${ms(percentile(m.tally.push, 99))} (${m.tally.push.length} messages) |`);
  console.log(
    `| call set-up p50 (during the ramp) | ${ms(percentile(m.tally.callSetup, 50))} (${m.tally.callSetup.length} calls) |`,
  );
  printRoutes(m);
  console.log(`\nAt ${m.members} members, where the first instance's time went (self time, sampled):`);
  printTop(m);
}

function printRoutes(m: Measured) {
  console.log(`\nAt ${m.members} members, API p50 / p99 by route (count):`);
  for (const [route, list] of Object.entries(m.tally.requests).sort()) {
    console.log(`  ${route}: ${ms(percentile(list, 50))} / ${ms(percentile(list, 99))} (${list.length})`);
  }
}

function printTop(m: Measured) {
  for (const f of m.top) console.log(`  ${(f.share * 100).toFixed(1)}%  ${f.name}`);
  console.log(`The longest busy stretch without a break: ${ms(m.stall.ms)}, mostly in (leaf first):`);
  for (const s of m.stall.stacks) console.log(`  ${(s.share * 100).toFixed(0)}%  ${s.frames.join(" < ")}`);
}
