import { type ChainableCommander, Redis } from "ioredis";
import { RedisRateLimitStore } from "../lib/redis-rate-limit.ts";
import type { PresenceStore, RealtimeBackend, RoomMember, RoomStore } from "./backend.ts";
import { COMMAND_TIMEOUT_MS, RETRY_CAP_MS, RedisBus, type Warn } from "./redis-bus.ts";

type ExecResult = [Error | null, unknown][] | null;
const result = (rows: ExecResult, i: number) => Number(rows?.[i]?.[1] ?? 0);

/** The instance a connection id names: ids are `${instanceId}.${n}`. */
const instanceOf = (connId: string) => connId.slice(0, connId.lastIndexOf("."));
/** A presence index entry or room member, `${userId}|${connId}`. */
const split = (member: string) => {
  const bar = member.indexOf("|");
  return { userId: Number(member.slice(0, bar)), connId: member.slice(bar + 1) };
};

/**
 * Instance heartbeats: a key per instance that lapses unless refreshed, and a registry per kind of
 * state (rooms, presence) of the instances that may hold some. A registered instance whose key has
 * lapsed crashed: the survivors reclaim what it held, then strike it from that registry.
 */
class Liveness {
  /** This instance, once it has beaten. */
  self: string | null = null;
  private healthySince: number | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly ttlMs: number,
  ) {}

  key = (id: string) => `${this.prefix}instance:${id}`;
  registry = (kind: "rooms" | "presence") => `${this.prefix}instances:${kind}`;

  /** After a beat: whether it went through, and whether this instance's key had lapsed before it. */
  beaten(ok: boolean, lapsed: boolean, now: number): void {
    if (!ok) this.healthySince = null;
    else if (lapsed || this.healthySince === null) this.healthySince = now;
  }

  /**
   * Registered instances whose key has lapsed. None until this instance has beaten for a whole TTL
   * in a row: after an outage of Redis every key has lapsed, and the others need a beat to be back.
   */
  async dead(kind: "rooms" | "presence", now = Date.now()): Promise<string[]> {
    if (!this.self || this.healthySince === null || now - this.healthySince < this.ttlMs) return [];
    const ids = (await this.redis.smembers(this.registry(kind))).filter((id) => id !== this.self);
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.exists(this.key(id));
    const rows = await pipeline.exec();
    return ids.filter((_, i) => rows?.[i]?.[0] === null && result(rows, i) === 0);
  }
}

/**
 * A sorted set per user (connection → last heard, ms) decides online; one index of every connection
 * lets each instance's sweep find the stale ones, and a crashed instance's (named in the connection
 * id) as soon as its heartbeat lapses. Transitions are read inside MULTI, so of two instances racing,
 * exactly one sees the change and announces it.
 */
class RedisPresence implements PresenceStore {
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

/**
 * A set per call room of "userId|connId", and per instance the rooms its sockets joined, so that the
 * survivors of a crash find what to reclaim. Every beat re-asserts the instance's memberships.
 */
class RedisRooms implements RoomStore {
  static readonly TTL_S = 4 * 60 * 60;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly liveness: Liveness,
  ) {}

  private key = (callId: number) => `${this.prefix}room:${callId}`;
  private roomsOf = (instanceId: string) => `${this.prefix}instance-rooms:${instanceId}`;

  async join(callId: number, userId: number, connId: string) {
    const rows = await this.redis
      .multi()
      .sadd(this.key(callId), `${userId}|${connId}`)
      .expire(this.key(callId), RedisRooms.TTL_S)
      .smembers(this.key(callId))
      .sadd(this.roomsOf(instanceOf(connId)), String(callId))
      .expire(this.roomsOf(instanceOf(connId)), RedisRooms.TTL_S)
      .exec();
    return ((rows?.[2]?.[1] as string[]) ?? []).map(split);
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

  /**
   * Adds to a beat's MULTI: the instance's rooms and memberships as its sockets hold them now. Queued
   * on the same connection as every join and leave, in the order they happened, so it never brings
   * back a membership that a leave issued before it removed.
   */
  reassert(multi: ChainableCommander, instanceId: string, members: readonly RoomMember[]): void {
    const byCall = new Map<number, string[]>();
    for (const m of members)
      byCall.set(m.callId, [...(byCall.get(m.callId) ?? []), `${m.userId}|${m.connId}`]);
    multi.del(this.roomsOf(instanceId));
    if (byCall.size === 0) return;
    multi.sadd(this.roomsOf(instanceId), ...[...byCall.keys()].map(String));
    multi.expire(this.roomsOf(instanceId), RedisRooms.TTL_S);
    for (const [callId, entries] of byCall) {
      multi.sadd(this.key(callId), ...entries).expire(this.key(callId), RedisRooms.TTL_S);
    }
  }

  async reclaim(): Promise<Array<{ callId: number; userId: number; connIds: string[] }>> {
    const gone: Array<{ callId: number; userId: number; connIds: string[] }> = [];
    for (const id of await this.liveness.dead("rooms")) {
      for (const callId of (await this.redis.smembers(this.roomsOf(id))).map(Number)) {
        const theirs = (await this.redis.smembers(this.key(callId))).filter(
          (m) => instanceOf(split(m).connId) === id,
        );
        for (const userId of usersOf(theirs)) {
          const entries = theirs.filter((m) => split(m).userId === userId);
          const rows = await this.redis
            .multi()
            .srem(this.key(callId), ...entries)
            .smembers(this.key(callId))
            .exec();
          // Only the survivor whose SREM took the entries tells anyone.
          const left = usersOf((rows?.[1]?.[1] as string[]) ?? []);
          if (result(rows, 0) > 0 && !left.includes(userId))
            gone.push({ callId, userId, connIds: entries.map((m) => split(m).connId) });
        }
      }
      await this.redis.multi().del(this.roomsOf(id)).srem(this.liveness.registry("rooms"), id).exec();
    }
    return gone;
  }
}

const usersOf = (members: string[]) => [...new Set(members.map((m) => split(m).userId))];

/** The instance TTL when none is given: a crashed instance is reclaimed 6 to 8 seconds later. */
export const DEFAULT_INSTANCE_TTL_MS = 6_000;

export async function redisBackend(opts: {
  url: string;
  prefix: string;
  presenceTtlMs: number;
  /** An instance not heard from for this long is taken for crashed; it beats every third of it. */
  instanceTtlMs?: number;
  warn?: Warn;
}): Promise<RealtimeBackend> {
  const instanceTtlMs = opts.instanceTtlMs ?? DEFAULT_INSTANCE_TTL_MS;
  const warn: Warn = opts.warn ?? ((obj, message) => console.warn(message, obj.err));
  const retryStrategy = (times: number) => Math.min(times * 50, RETRY_CAP_MS);
  // Commands fail at once while Redis is unreachable (no offline queue) or unanswered past a timeout:
  // a request that needs Redis answers 503 at once, and presence answers "nobody" (lib/unavailable.ts).
  const pub = new Redis(opts.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy,
  });
  // The subscriber keeps its queue: a SUBSCRIBE waits for the reconnect (or fails after the retries).
  const sub = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 2, retryStrategy });
  // Errors are retried by ioredis and surface on the commands; without a listener they would crash.
  for (const client of [pub, sub]) client.on("error", () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  const liveness = new Liveness(pub, opts.prefix, instanceTtlMs);
  const rooms = new RedisRooms(pub, opts.prefix, liveness);
  return {
    kind: "redis",
    bus: new RedisBus(pub, sub, opts.prefix, warn),
    presence: new RedisPresence(pub, opts.prefix, opts.presenceTtlMs, liveness),
    rooms,
    rateLimits: new RedisRateLimitStore(pub, opts.prefix),
    heartbeatMs: Math.max(50, Math.floor(instanceTtlMs / 3)),
    async heartbeat(instanceId: string, members: readonly RoomMember[]) {
      liveness.self = instanceId;
      const now = Date.now();
      const multi = pub
        .multi()
        .exists(liveness.key(instanceId))
        .set(liveness.key(instanceId), String(now), "PX", instanceTtlMs)
        .sadd(liveness.registry("rooms"), instanceId)
        .sadd(liveness.registry("presence"), instanceId);
      rooms.reassert(multi, instanceId, members);
      let rows: ExecResult;
      try {
        rows = await multi.exec();
      } catch (err) {
        liveness.beaten(false, false, now);
        throw err;
      }
      liveness.beaten(true, result(rows, 0) === 0, now);
    },
    async ping() {
      await pub.ping();
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
