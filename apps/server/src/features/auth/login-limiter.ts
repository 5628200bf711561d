/**
 * Counts sign-in attempts per account and per address in a fixed window. An attempt is counted
 * before its password is verified (and handed back when it succeeds): checking first and counting
 * after the slow verify let a burst of parallel guesses all pass the check. In-process: with several
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

const accountKey = (account: string) => `a:${account.toLowerCase()}`;
const addressKey = (address: string) => `i:${address}`;

export class LoginLimiter {
  private buckets = new Map<string, Bucket>();
  private nextSweep = 0;

  constructor(private readonly opts: LimiterOptions = DEFAULT_LIMITS) {}

  /** Seconds until a blocked key may try again, or 0 when allowed. */
  retryAfter(account: string, address: string, now = Date.now()): number {
    const a = this.live(accountKey(account), now);
    const b = this.live(addressKey(address), now);
    const waits = [
      a && a.count >= this.opts.maxPerAccount ? a.resetAt - now : 0,
      b && b.count >= this.opts.maxPerAddress ? b.resetAt - now : 0,
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  /**
   * Claims one attempt: 0 when allowed (and counted, synchronously, so no parallel request can slip
   * between the check and the count), else the seconds to wait, counting nothing.
   */
  attempt(account: string, address: string, now = Date.now()): number {
    const wait = this.retryAfter(account, address, now);
    if (wait > 0) return wait;
    // A bucket is only dropped when its own key comes back, and most never do (a mistyped name, a
    // passing address): without a sweep, once a window, the map would grow for as long as the process runs.
    if (now >= this.nextSweep) this.sweep(now);
    for (const key of [accountKey(account), addressKey(address)]) {
      const bucket = this.live(key, now) ?? { count: 0, resetAt: now + this.opts.windowMs };
      bucket.count += 1;
      this.buckets.set(key, bucket);
    }
    return 0;
  }

  /** A correct password: the account starts afresh and the address gets its attempt back. */
  recordSuccess(account: string, address: string, now = Date.now()): void {
    this.buckets.delete(accountKey(account));
    const bucket = this.live(addressKey(address), now);
    if (bucket) bucket.count = Math.max(0, bucket.count - 1);
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
