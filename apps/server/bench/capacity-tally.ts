// What the simulated members saw in one measuring window, kept by each generator process and merged
// by the bench: every API request's latency by route, each chat message's push to the other member,
// failures by kind, and sockets that closed without being asked to.

export interface WindowTally {
  /** Latency in ms by "METHOD /api/route/:id". */
  requests: Record<string, number[]>;
  /** A message's POST to its arrival on the other member's socket, ms. */
  push: number[];
  /** From a call's POST to the caller hearing the answer SDP, ms (shown, not a limit). */
  callSetup: number[];
  errors: Record<string, number>;
  drops: number;
  /** The generator's own event-loop delay p99, ms: above a few ms its latencies are its own lag. */
  generatorDelayP99Ms: number;
  generatorDelayMaxMs: number;
}

export class Tally {
  private now: WindowTally = Tally.empty();

  static empty(): WindowTally {
    return {
      requests: {},
      push: [],
      callSetup: [],
      errors: {},
      drops: 0,
      generatorDelayP99Ms: 0,
      generatorDelayMaxMs: 0,
    };
  }

  request(key: string, ms: number) {
    const list = this.now.requests[key];
    if (list) list.push(ms);
    else this.now.requests[key] = [ms];
  }

  push(ms: number) {
    this.now.push.push(ms);
  }

  callSetup(ms: number) {
    this.now.callSetup.push(ms);
  }

  error(kind: string) {
    this.now.errors[kind] = (this.now.errors[kind] ?? 0) + 1;
  }

  drop() {
    this.now.drops += 1;
  }

  /** This window's tally; the next starts empty. */
  take(generatorDelayP99Ms = 0, generatorDelayMaxMs = 0): WindowTally {
    const out = { ...this.now, generatorDelayP99Ms, generatorDelayMaxMs };
    this.now = Tally.empty();
    return out;
  }
}

export function merge(tallies: WindowTally[]): WindowTally {
  const out = Tally.empty();
  for (const t of tallies) {
    for (const [key, ms] of Object.entries(t.requests))
      out.requests[key] = [...(out.requests[key] ?? []), ...ms];
    out.push.push(...t.push);
    out.callSetup.push(...t.callSetup);
    for (const [kind, n] of Object.entries(t.errors)) out.errors[kind] = (out.errors[kind] ?? 0) + n;
    out.drops += t.drops;
    out.generatorDelayP99Ms = Math.max(out.generatorDelayP99Ms, t.generatorDelayP99Ms);
    out.generatorDelayMaxMs = Math.max(out.generatorDelayMaxMs, t.generatorDelayMaxMs);
  }
  return out;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
