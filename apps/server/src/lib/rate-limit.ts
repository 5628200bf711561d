import { HttpError } from "./http-error.ts";

/** One counter a request must pass: at most `max` hits on `key` per window of `windowMs`. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window hit counters. `take` checks and counts in one step, so parallel requests cannot all
 * pass the check before any of them is counted. Asynchronous so that a shared store (Redis) fits.
 */
export interface RateLimitStore {
  /** Counts one hit on every limit unless one is already full: 0 when counted, else seconds to wait. */
  take(limits: readonly Limit[], now?: number): Promise<number>;
  /** Hands one hit on `key` back (a request that turned out to be legitimate). */
  giveBack(key: string, now?: number): Promise<void>;
  /** Forgets `key` (a successful sign-in starts the account afresh). */
  clear(key: string): Promise<void>;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/** The embedded store: one process's memory. */
export class MemoryRateLimitStore implements RateLimitStore {
  private buckets = new Map<string, Bucket>();
  private nextSweep = 0;

  async take(limits: readonly Limit[], now = Date.now()): Promise<number> {
    // Everything up to the count is synchronous: no other request runs in between.
    const waits = limits.map(({ key, max }) => {
      const bucket = this.live(key, now);
      return bucket && bucket.count >= max ? bucket.resetAt - now : 0;
    });
    const wait = Math.ceil(Math.max(0, ...waits) / 1000);
    if (wait > 0) return wait;
    // Most keys never come back (a passing address, a mistyped name): without a sweep now and then,
    // the map would grow for as long as the process runs.
    if (now >= this.nextSweep) this.sweep(now, Math.max(...limits.map((l) => l.windowMs)));
    for (const { key, windowMs } of limits) {
      const bucket = this.live(key, now) ?? { count: 0, resetAt: now + windowMs };
      bucket.count += 1;
      this.buckets.set(key, bucket);
    }
    return 0;
  }

  async giveBack(key: string, now = Date.now()): Promise<void> {
    const bucket = this.live(key, now);
    if (bucket) bucket.count = Math.max(0, bucket.count - 1);
  }

  async clear(key: string): Promise<void> {
    this.buckets.delete(key);
  }

  /** How many buckets are held (for tests and monitoring). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
    this.nextSweep = now + windowMs;
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

/** "3 minutes", "1 minute": how long a refused person waits, in words. */
export function minutesFrom(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * The 429 a refused request gets: the sentence names the wait, the body carries it in seconds and the
 * errors plugin sends it as Retry-After.
 */
export function tooManyRequests(sentence: (wait: string) => string, seconds: number): HttpError {
  return new HttpError(429, sentence(minutesFrom(seconds)), { retryAfterSeconds: seconds });
}

/** A named limit per subject (an address, a user): counts one hit or throws the 429. */
export class RateLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly sentence: (wait: string) => string,
  ) {}

  async take(subject: string | number): Promise<void> {
    const wait = await this.store.take([
      { key: `${this.name}:${subject}`, max: this.max, windowMs: this.windowMs },
    ]);
    if (wait > 0) throw tooManyRequests(this.sentence, wait);
  }
}
