import type { Redis } from "ioredis";
import type { Limit, RateLimitStore } from "./rate-limit.ts";

// Checks every limit, then counts every one, in one script: Redis runs it atomically, so N instances
// counting the same key behave as one. A full limit returns its remaining milliseconds and counts nothing.
const TAKE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[2 * i - 1])
  if tonumber(redis.call('GET', key) or '0') >= max then
    local ttl = redis.call('PTTL', key)
    if ttl <= 0 then ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0
`;

const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** The shared store: every instance counts in Redis, under the deployment's key prefix. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key = (key: string) => `${this.prefix}rate:${key}`;

  async take(limits: readonly Limit[]): Promise<number> {
    const keys = limits.map((l) => this.key(l.key));
    const args = limits.flatMap((l) => [l.max, l.windowMs]);
    const waitMs = Number(await this.redis.eval(TAKE, keys.length, ...keys, ...args));
    return Math.ceil(waitMs / 1000);
  }

  async giveBack(key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK, 1, this.key(key));
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}
