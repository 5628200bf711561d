// Requests sent at a fixed rate, evenly spaced, whatever the server's answers do (an open loop): a slow
// answer leaves more requests in flight rather than fewer sent. autocannon's rate limits are not that:
// each connection sends its share of a second back to back, then waits for the next second.
import http from "node:http";

export interface FixedRateResult {
  reqPerSec: number;
  /** Latency from each request's send to its answer's end, ms. */
  p50: number;
  p99: number;
  max: number;
  /** How far behind its schedule the latest request was sent, ms: this process's own lag. */
  lateMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** `rate` GETs a second of `url` for `seconds`; throws unless every one answered `status`. */
export async function atFixedRate(
  url: string,
  options: { rate: number; seconds: number; status: number; headers?: Record<string, string> },
): Promise<FixedRateResult> {
  const { rate, seconds, status, headers } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  const failures: string[] = [];
  let sent = 0;
  let finished = 0;
  let lateMs = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const done = () => {
      finished += 1;
      if (finished === total) resolve();
    };
    const send = (scheduled: number) => {
      const at = performance.now();
      lateMs = Math.max(lateMs, at - scheduled);
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - at);
          if (response.statusCode !== status) failures.push(`status ${response.statusCode}`);
          done();
        });
      });
      request.on("error", (err) => {
        failures.push(err.message);
        done();
      });
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; sent < due; sent += 1) send(started + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failures.length > 0) throw new Error(`${url}: ${failures.length} failed, e.g. ${failures[0]}`);
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: total / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    lateMs,
  };
}
