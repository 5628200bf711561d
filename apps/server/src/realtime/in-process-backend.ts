import type { Bus, Unsubscribe } from "../lib/bus.ts";
import { MemoryRateLimitStore } from "../lib/rate-limit.ts";
import type { PresenceStore, RealtimeBackend, RoomStore } from "./backend.ts";

class InProcessBus implements Bus {
  private channels = new Map<string, Set<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<number> {
    const handlers = [...(this.channels.get(channel) ?? [])];
    // Delivered on a later tick, as a network bus would, and in publish order (microtasks are FIFO).
    for (const handler of handlers) queueMicrotask(() => handler(message));
    return handlers.length;
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    const handler = (message: string) => onMessage(message);
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }
}

class InProcessPresence implements PresenceStore {
  private seen = new Map<number, Map<string, number>>();

  constructor(private readonly ttlMs: number) {}

  async touch(userId: number, connId: string, now: number): Promise<boolean> {
    const wasOnline = this.liveCount(userId, now) > 0;
    let conns = this.seen.get(userId);
    if (!conns) {
      conns = new Map();
      this.seen.set(userId, conns);
    }
    conns.set(connId, now);
    return !wasOnline;
  }

  async remove(userId: number, connId: string, now: number): Promise<boolean> {
    const conns = this.seen.get(userId);
    if (!conns?.delete(connId)) return false;
    const offline = this.liveCount(userId, now) === 0;
    if (conns.size === 0) this.seen.delete(userId);
    return offline;
  }

  async sweep(now: number): Promise<number[]> {
    const wentOffline: number[] = [];
    for (const [userId, conns] of this.seen) {
      if (this.liveCount(userId, now) > 0) continue;
      this.seen.delete(userId);
      if (conns.size > 0) wentOffline.push(userId);
    }
    return wentOffline;
  }

  async onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.liveCount(id, now) > 0));
  }

  private liveCount(userId: number, now: number): number {
    let n = 0;
    for (const at of this.seen.get(userId)?.values() ?? []) if (now - at < this.ttlMs) n += 1;
    return n;
  }
}

class InProcessRooms implements RoomStore {
  private rooms = new Map<number, Map<string, number>>();

  async join(callId: number, userId: number, connId: string) {
    let room = this.rooms.get(callId);
    if (!room) {
      room = new Map();
      this.rooms.set(callId, room);
    }
    room.set(connId, userId);
    return [...room].map(([id, user]) => ({ userId: user, connId: id }));
  }

  async leave(callId: number, userId: number, connId: string): Promise<boolean> {
    const room = this.rooms.get(callId);
    if (!room) return true;
    room.delete(connId);
    if (room.size === 0) this.rooms.delete(callId);
    return ![...room.values()].includes(userId);
  }

  async isIn(callId: number, userId: number): Promise<boolean> {
    return [...(this.rooms.get(callId)?.values() ?? [])].includes(userId);
  }

  /** Instances sharing one process die together: nothing of a dead one is ever left here. */
  async reclaim(): Promise<Array<{ callId: number; userId: number; connIds: string[] }>> {
    return [];
  }
}

/** The embedded default: one process, nothing to run. Two apps given the same one behave as one. */
export function inProcessBackend({ presenceTtlMs }: { presenceTtlMs: number }): RealtimeBackend {
  return {
    kind: "in-process",
    bus: new InProcessBus(),
    presence: new InProcessPresence(presenceTtlMs),
    rooms: new InProcessRooms(),
    rateLimits: new MemoryRateLimitStore(),
    heartbeatMs: 0,
    async heartbeat() {},
    async ping() {},
    async close() {},
  };
}
