// The shared parts of realtime, behind one interface: a pub/sub bus with a channel per user, the
// presence store, the room registry and the rate-limit counters. In-process by default; Redis when
// REDIS_URL is set, so that several app instances behave as one. A test hands two apps the same backend.
import type { Bus } from "../lib/bus.ts";
import type { RateLimitStore } from "../lib/rate-limit.ts";

/** Who is online: a user is while at least one of their connections was heard from within the TTL. */
export interface PresenceStore {
  /** Marks a connection as heard from now; true when this made the user go from offline to online. */
  touch(userId: number, connId: string, now: number): Promise<boolean>;
  /** Forgets a connection; true when this made the user go offline. */
  remove(userId: number, connId: string, now: number): Promise<boolean>;
  /**
   * Forgets connections not heard from within the TTL, and those of instances that stopped beating
   * (crashed); the users who went offline because of it.
   */
  sweep(now: number): Promise<number[]>;
  onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>>;
}

/** One socket's membership of a call room. */
export interface RoomMember {
  callId: number;
  userId: number;
  connId: string;
}

/** Which users' connections are in which call room, across instances. */
export interface RoomStore {
  /** Adds the connection; every connection in the room afterwards (its own included). */
  join(callId: number, userId: number, connId: string): Promise<Array<{ userId: number; connId: string }>>;
  /** Removes the connection; true when the user has no connection left in the room. */
  leave(callId: number, userId: number, connId: string): Promise<boolean>;
  /** Whether any connection of the user is in the room. */
  isIn(callId: number, userId: number): Promise<boolean>;
  /**
   * Removes the members of instances that stopped beating (crashed). Each is removed by exactly one
   * surviving instance, which alone gets the users thereby left with no connection in a room, with
   * the connections of theirs it removed.
   */
  reclaim(): Promise<Array<{ callId: number; userId: number; connIds: string[] }>>;
}

export interface RealtimeBackend {
  kind: "in-process" | "redis";
  bus: Bus;
  presence: PresenceStore;
  rooms: RoomStore;
  /** Rate-limit counters (sign-in, sign-up, uploads…), shared by every instance like the rest. */
  rateLimits: RateLimitStore;
  /** How often an instance calls `heartbeat`; 0 when instances cannot die apart (in-process). */
  heartbeatMs: number;
  /**
   * Marks the instance alive for the instance TTL and re-asserts its sockets' room memberships, so a
   * store that restarted empty (or took the instance for dead) is whole again within a beat.
   */
  heartbeat(instanceId: string, members: readonly RoomMember[]): Promise<void>;
  /** Resolves when the shared store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
