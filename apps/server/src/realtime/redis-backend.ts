import { Redis } from "ioredis";
import type { Bus, Unsubscribe } from "../lib/bus.ts";
import { RedisRateLimitStore } from "../lib/redis-rate-limit.ts";
import type { PresenceStore, RealtimeBackend, RoomStore } from "./backend.ts";

type ExecResult = [Error | null, unknown][] | null;
const result = (rows: ExecResult, i: number) => Number(rows?.[i]?.[1] ?? 0);

/** One subscriber connection per instance, whatever the number of users or sockets. */
class RedisBus implements Bus {
  private handlers = new Map<string, Set<(message: string) => void>>();

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
  ) {
    sub.on("message", (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
    });
  }

  publish(channel: string, message: string): Promise<number> {
    return this.pub.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(this.prefix + channel);
    }
    const handler = (message: string) => onMessage(message);
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      await this.sub.unsubscribe(this.prefix + channel);
    };
  }
}

/**
 * A sorted set per user (connection → last heard, ms) decides online; one index of every connection
 * lets each instance's sweep find the stale ones, including a crashed instance's. Transitions are read
 * inside MULTI, so of two instances racing, exactly one sees the change and announces it.
 */
class RedisPresence implements PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private userKey = (userId: number) => `${this.prefix}presence:${userId}`;
  private get indexKey() {
    return `${this.prefix}presence:index`;
  }

  async touch(userId: number, connId: string, now: number): Promise<boolean> {
    const key = this.userKey(userId);
    const rows = await this.redis
      .multi()
      .zremrangebyscore(key, "-inf", now - this.ttlMs)
      .zcard(key)
      .zadd(key, now, connId)
      .pexpire(key, this.ttlMs)
      .zadd(this.indexKey, now, `${userId}|${connId}`)
      .exec();
    return result(rows, 1) === 0;
  }

  async remove(userId: number, connId: string, now: number): Promise<boolean> {
    const key = this.userKey(userId);
    const rows = await this.redis
      .multi()
      .zrem(key, connId)
      .zremrangebyscore(key, "-inf", now - this.ttlMs)
      .zcard(key)
      .zrem(this.indexKey, `${userId}|${connId}`)
      .exec();
    return result(rows, 0) === 1 && result(rows, 2) === 0;
  }

  async sweep(now: number): Promise<number[]> {
    const stale = await this.redis.zrangebyscore(this.indexKey, "-inf", now - this.ttlMs, "LIMIT", 0, 1000);
    const wentOffline = new Set<number>();
    for (const member of stale) {
      const bar = member.indexOf("|");
      const userId = Number(member.slice(0, bar));
      const key = this.userKey(userId);
      const rows = await this.redis
        .multi()
        .zrem(this.indexKey, member)
        .zremrangebyscore(key, "-inf", now - this.ttlMs)
        .zcard(key)
        .exec();
      // Only the instance whose ZREM took the entry may announce; the user may have other live tabs.
      if (result(rows, 0) === 1 && result(rows, 2) === 0) wentOffline.add(userId);
    }
    return [...wentOffline];
  }

  async onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.zcount(this.userKey(id), now - this.ttlMs + 1, "+inf");
    const rows = await pipeline.exec();
    return new Set(userIds.filter((_, i) => result(rows, i) > 0));
  }
}

/** A set per call room of "userId|connId"; it expires, so a crashed instance leaves nothing for long. */
class RedisRooms implements RoomStore {
  static readonly TTL_S = 4 * 60 * 60;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key = (callId: number) => `${this.prefix}room:${callId}`;

  async join(callId: number, userId: number, connId: string): Promise<number[]> {
    const rows = await this.redis
      .multi()
      .sadd(this.key(callId), `${userId}|${connId}`)
      .expire(this.key(callId), RedisRooms.TTL_S)
      .smembers(this.key(callId))
      .exec();
    return usersOf((rows?.[2]?.[1] as string[]) ?? []);
  }

  async leave(callId: number, userId: number, connId: string): Promise<boolean> {
    const rows = await this.redis
      .multi()
      .srem(this.key(callId), `${userId}|${connId}`)
      .smembers(this.key(callId))
      .exec();
    return !usersOf((rows?.[1]?.[1] as string[]) ?? []).includes(userId);
  }

  async isIn(callId: number, userId: number): Promise<boolean> {
    return usersOf(await this.redis.smembers(this.key(callId))).includes(userId);
  }
}

const usersOf = (members: string[]) => [...new Set(members.map((m) => Number(m.split("|")[0])))];

export async function redisBackend(opts: {
  url: string;
  prefix: string;
  presenceTtlMs: number;
}): Promise<RealtimeBackend> {
  // A few retries per command, then an error the caller handles: a Redis outage must not hang sockets.
  const connect = () => new Redis(opts.url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const pub = connect();
  const sub = connect();
  // Errors are retried by ioredis and surface on the commands; without a listener they would crash.
  for (const client of [pub, sub]) client.on("error", () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    kind: "redis",
    bus: new RedisBus(pub, sub, opts.prefix),
    presence: new RedisPresence(pub, opts.prefix, opts.presenceTtlMs),
    rooms: new RedisRooms(pub, opts.prefix),
    rateLimits: new RedisRateLimitStore(pub, opts.prefix),
    async ping() {
      await pub.ping();
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
