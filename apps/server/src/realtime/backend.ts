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
  /** Forgets connections not heard from within the TTL; the users who went offline because of it. */
  sweep(now: number): Promise<number[]>;
  onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>>;
}

/** Which users' connections are in which call room, across instances. */
export interface RoomStore {
  /** Adds the connection; the distinct users in the room afterwards. */
  join(callId: number, userId: number, connId: string): Promise<number[]>;
  /** Removes the connection; true when the user has no connection left in the room. */
  leave(callId: number, userId: number, connId: string): Promise<boolean>;
  /** Whether any connection of the user is in the room. */
  isIn(callId: number, userId: number): Promise<boolean>;
}

export interface RealtimeBackend {
  kind: "in-process" | "redis";
  bus: Bus;
  presence: PresenceStore;
  rooms: RoomStore;
  /** Rate-limit counters (sign-in, sign-up, uploads…), shared by every instance like the rest. */
  rateLimits: RateLimitStore;
  /** Resolves when the shared store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
