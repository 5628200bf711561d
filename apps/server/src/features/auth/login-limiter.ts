/**
 * Counts failed sign-ins per account and per address in a fixed window. In-process: with several
 * app instances each keeps its own count, which still bounds guessing per instance.
 */
export interface LimiterOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const DEFAULT_LIMITS: LimiterOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 };

interface Bucket {
  count: number;
  resetAt: number;
}

export class LoginLimiter {
  private buckets = new Map<string, Bucket>();
  private nextSweep = 0;

  constructor(private readonly opts: LimiterOptions = DEFAULT_LIMITS) {}

  /** Seconds until a blocked key may try again, or 0 when allowed. */
  retryAfter(account: string, address: string, now = Date.now()): number {
    const a = this.live(`a:${account.toLowerCase()}`, now);
    const b = this.live(`i:${address}`, now);
    const waits = [
      a && a.count >= this.opts.maxPerAccount ? a.resetAt - now : 0,
      b && b.count >= this.opts.maxPerAddress ? b.resetAt - now : 0,
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    // A bucket is only dropped when its own key comes back, and most never do (a mistyped name, a
    // passing address): without a sweep, once a window, the map would grow for as long as the process runs.
    if (now >= this.nextSweep) this.sweep(now);
    for (const key of [`a:${account.toLowerCase()}`, `i:${address}`]) {
      const bucket = this.live(key, now) ?? { count: 0, resetAt: now + this.opts.windowMs };
      bucket.count += 1;
      this.buckets.set(key, bucket);
    }
  }

  recordSuccess(account: string): void {
    this.buckets.delete(`a:${account.toLowerCase()}`);
  }

  /** How many buckets are held (for tests and monitoring). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
    this.nextSweep = now + this.opts.windowMs;
  }

  private live(key: string, now: number): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= now) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }
}
