import { type ChainableCommander, Redis } from "ioredis";
import { RedisRateLimitStore } from "../lib/redis-rate-limit.ts";
import type { RealtimeBackend, RoomMember, RoomStore } from "./backend.ts";
import { COMMAND_TIMEOUT_MS, RETRY_CAP_MS, RedisBus, type Warn } from "./redis-bus.ts";
import { type ExecResult, instanceOf, Liveness, result, split } from "./redis-liveness.ts";
import { RedisPresence } from "./redis-presence.ts";

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
  // Commands issued in one turn of the event loop leave in one write (auto-pipelining): a socket
  // write wakes Redis, and under load it is the cost, not the bytes.
  const pub = new Redis(opts.url, {
    lazyConnect: true,
    enableAutoPipelining: true,
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
