// Where the machine's CPU went during a window, from /proc (Linux): the servers, PostgreSQL, Redis,
// the generators, and the whole machine, so a step that crosses a limit says which part was short.
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

export interface CpuSample {
  /** Each part's processes: pid → CPU seconds so far. */
  byPart: Record<string, Map<number, number>>;
  /** Busy seconds of the whole machine (all cores). */
  machine: number;
}

function processSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function pidsNamed(names: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>(names.map((n) => [n, []]));
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      out.get(comm)?.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

function machineBusySeconds(): number {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
  const busy = cpu.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
  return busy / TICKS_PER_SECOND;
}

/** CPU seconds so far of the given processes, and of PostgreSQL's and Redis's whatever their pids. */
export function sampleCpu(parts: Record<string, number[]>): CpuSample {
  const named = pidsNamed(["postgres", "redis-server"]);
  const all = { ...parts, postgres: named.get("postgres") ?? [], redis: named.get("redis-server") ?? [] };
  const byPart: CpuSample["byPart"] = {};
  for (const [part, pids] of Object.entries(all))
    byPart[part] = new Map(pids.map((p) => [p, processSeconds(p)]));
  return { byPart, machine: machineBusySeconds() };
}

/**
 * Each part's share of one core over the window, and the machine's busy share of all its cores. A
 * process that ended within the window is left out (its CPU went with it); one that began counts whole.
 */
export function cpuShares(before: CpuSample, after: CpuSample, seconds: number, cores: number): string {
  const parts = Object.entries(after.byPart).map(([part, pids]) => {
    let used = 0;
    for (const [pid, total] of pids) used += total - (before.byPart[part]?.get(pid) ?? 0);
    return `${part} ${Math.round((used / seconds) * 100)}%`;
  });
  const machine = ((after.machine - before.machine) / seconds / cores) * 100;
  return `${parts.join(", ")}; machine ${Math.round(machine)}% of ${cores} cores`;
}
