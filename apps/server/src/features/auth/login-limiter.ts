import { MemoryRateLimitStore, type RateLimitStore } from "../../lib/rate-limit.ts";

/**
 * Counts sign-in attempts per account and per address in a fixed window. An attempt is counted
 * before its password is verified (and handed back when it succeeds): checking first and counting
 * after the slow verify let a burst of parallel guesses all pass the check.
 */
export interface LimiterOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const DEFAULT_LIMITS: LimiterOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 };

const accountKey = (account: string) => `login:a:${account.toLowerCase()}`;
const addressKey = (address: string) => `login:i:${address}`;

export class LoginLimiter {
  constructor(
    private readonly opts: LimiterOptions = DEFAULT_LIMITS,
    readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  /** Claims one attempt: 0 when allowed (and counted), else the seconds to wait, counting nothing. */
  attempt(account: string, address: string, now = Date.now()): Promise<number> {
    const { windowMs, maxPerAccount, maxPerAddress } = this.opts;
    return this.store.take(
      [
        { key: accountKey(account), max: maxPerAccount, windowMs },
        { key: addressKey(address), max: maxPerAddress, windowMs },
      ],
      now,
    );
  }

  /** A correct password: the account starts afresh and the address gets its attempt back. */
  async recordSuccess(account: string, address: string, now = Date.now()): Promise<void> {
    await this.store.clear(accountKey(account));
    await this.store.giveBack(addressKey(address), now);
  }
}
