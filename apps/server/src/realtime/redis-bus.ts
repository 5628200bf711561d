// The Redis pub/sub bus of redis-backend.ts: a publish never fails a committed write, and a relay sent
// as Redis comes back is delivered.
import type { Redis } from "ioredis";
import type { Bus, Unsubscribe } from "../lib/bus.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a warning goes: the app's logger (pino's signature), else the console. */
export type Warn = (obj: { err: unknown }, message: string) => void;

/**
 * The longest wait between reconnection attempts (a refused connect is cheap): every client is back
 * within it of Redis.
 */
export const RETRY_CAP_MS = 200;
/**
 * A publish while the publisher reconnects waits this long for it (then counts as reaching nobody),
 * so a relay sent as Redis comes back is delivered; short enough to keep a request under a second.
 */
const READY_WAIT_MS = 300;
/**
 * After a client of this instance reconnects, a publish that reached nobody is tried again for this
 * long: the other instances' subscribers reconnect at their own moment (up to RETRY_CAP_MS later)
 * and resubscribe, and a relay sent meanwhile is not to a person who is gone.
 */
const RESUBSCRIBE_SETTLE_MS = 3 * RETRY_CAP_MS;
/** A command that has no answer within this is failed, so a request never waits on a dead link. */
export const COMMAND_TIMEOUT_MS = 800;

/** One subscriber connection per instance, whatever the number of users or sockets. */
export class RedisBus implements Bus {
  private handlers = new Map<string, Set<(message: string) => void>>();
  private settlingUntil = 0;
  private lastWarned = 0;
  /** One wait for the publisher's reconnect, shared by every publish meanwhile. */
  private reconnected: Promise<void> | null = null;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly warn: Warn,
  ) {
    sub.on("message", (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
    });
    // ioredis resubscribes on reconnect (autoResubscribe); a reconnect (not the first connect) opens
    // the window in which the others may not have resubscribed yet.
    for (const client of [pub, sub]) {
      let connected = false;
      client.on("ready", () => {
        if (connected) this.settlingUntil = Date.now() + RESUBSCRIBE_SETTLE_MS;
        connected = true;
      });
    }
  }

  /**
   * News is published after the change it tells of has committed: an unreachable Redis must not fail
   * that write. It counts as nobody reached (logged); clients re-fetch what they missed.
   */
  async publish(channel: string, message: string): Promise<number> {
    for (;;) {
      let reached: number;
      try {
        await this.publisherReady();
        reached = await this.pub.publish(this.prefix + channel, message);
      } catch (err) {
        if (Date.now() - this.lastWarned > 10_000) {
          this.lastWarned = Date.now();
          this.warn({ err }, "Redis unreachable: realtime messages are not delivered");
        }
        return 0;
      }
      if (reached > 0 || Date.now() >= this.settlingUntil) return reached;
      await sleep(50);
    }
  }

  /** At once while connected (or closed for good); else once reconnected, or READY_WAIT_MS. */
  private publisherReady(): Promise<unknown> {
    if (this.pub.status === "ready" || this.pub.status === "end") return Promise.resolve();
    this.reconnected ??= new Promise<void>((resolve) =>
      this.pub.once("ready", () => {
        this.reconnected = null;
        resolve();
      }),
    );
    return Promise.race([this.reconnected, sleep(READY_WAIT_MS)]);
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
