import type { Redis } from "ioredis";

// What the Redis stores share (redis-presence.ts, redis-backend.ts): the members' format, and the
// instance heartbeats that tell which instance crashed.

export type ExecResult = [Error | null, unknown][] | null;
export const result = (rows: ExecResult, i: number) => Number(rows?.[i]?.[1] ?? 0);

/** The instance a connection id names: ids are `${instanceId}.${n}`. */
export const instanceOf = (connId: string) => connId.slice(0, connId.lastIndexOf("."));
/** A presence index entry or room member, `${userId}|${connId}`. */
export const split = (member: string) => {
  const bar = member.indexOf("|");
  return { userId: Number(member.slice(0, bar)), connId: member.slice(bar + 1) };
};

/**
 * Instance heartbeats: a key per instance that lapses unless refreshed, and a registry per kind of
 * state (rooms, presence) of the instances that may hold some. A registered instance whose key has
 * lapsed crashed: the survivors reclaim what it held, then strike it from that registry.
 */
export class Liveness {
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
