import type { Redis } from "ioredis";
import type { PresenceStore } from "./backend.ts";
import { instanceOf, type Liveness, result, split } from "./redis-liveness.ts";

/**
 * A sorted set per user (connection → last heard, ms) decides online; one index of every connection
 * lets each instance's sweep find the stale ones, and a crashed instance's (named in the connection
 * id) as soon as its heartbeat lapses. Transitions are read inside MULTI, so of two instances racing,
 * exactly one sees the change and announces it.
 */
export class RedisPresence implements PresenceStore {
  /** When each of this instance's connections was last written, for the cheap refresh below. */
  private written = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
    private readonly liveness: Liveness,
  ) {}

  private userKey = (userId: number) => `${this.prefix}presence:${userId}`;
  private get indexKey() {
    return `${this.prefix}presence:index`;
  }

  async touch(userId: number, connId: string, now: number): Promise<boolean> {
    const key = this.userKey(userId);
    const last = this.written.get(connId);
    // Written within half the TTL, the connection still keeps its user online: nothing can change, so
    // plain writes, which the client batches with other commands (auto-pipelining), not a transaction.
    if (last !== undefined && now >= last && now - last < this.ttlMs / 2) {
      try {
        await Promise.all([
          this.redis.zadd(key, now, connId),
          this.redis.pexpire(key, this.ttlMs),
          this.redis.zadd(this.indexKey, now, `${userId}|${connId}`),
        ]);
      } catch (err) {
        this.written.delete(connId);
        throw err;
      }
      this.written.set(connId, now);
      return false;
    }
    const rows = await this.redis
      .multi()
      .zremrangebyscore(key, "-inf", now - this.ttlMs)
      .zcard(key)
      .zadd(key, now, connId)
      .pexpire(key, this.ttlMs)
      .zadd(this.indexKey, now, `${userId}|${connId}`)
      .exec();
    this.written.set(connId, now);
    return result(rows, 1) === 0;
  }

  async remove(userId: number, connId: string, now: number): Promise<boolean> {
    const key = this.userKey(userId);
    this.written.delete(connId);
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
    // A connection that closed while its write was in flight may have been noted again after.
    for (const [connId, at] of this.written) if (now - at >= this.ttlMs) this.written.delete(connId);
    const wentOffline = new Set<number>();
    const stale = await this.redis.zrangebyscore(this.indexKey, "-inf", now - this.ttlMs, "LIMIT", 0, 1000);
    for (const member of stale) if (await this.drop(member, now)) wentOffline.add(split(member).userId);
    for (const id of await this.liveness.dead("presence")) {
      for (const member of await this.entriesOf(id)) {
        if (await this.drop(member, now)) wentOffline.add(split(member).userId);
      }
      await this.redis.srem(this.liveness.registry("presence"), id);
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

  /** Forgets one index entry; true when this call took it and the user has no live connection left. */
  private async drop(member: string, now: number): Promise<boolean> {
    const { userId, connId } = split(member);
    const key = this.userKey(userId);
    this.written.delete(connId);
    const rows = await this.redis
      .multi()
      .zrem(this.indexKey, member)
      .zrem(key, connId)
      .zremrangebyscore(key, "-inf", now - this.ttlMs)
      .zcard(key)
      .exec();
    // Only the instance whose ZREM took the entry may announce; the user may have other live tabs.
    return result(rows, 0) === 1 && result(rows, 3) === 0;
  }

  /** The index entries of one instance's connections. */
  private async entriesOf(instanceId: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, flat] = await this.redis.zscan(
        this.indexKey,
        cursor,
        "MATCH",
        `*|${instanceId}.*`,
        "COUNT",
        500,
      );
      cursor = next;
      for (let i = 0; i < flat.length; i += 2) {
        const member = flat[i] as string;
        if (instanceOf(split(member).connId) === instanceId) found.push(member);
      }
    } while (cursor !== "0");
    return found;
  }
}
