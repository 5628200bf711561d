import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

/** Starts the app on a free port; the base http URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

export interface SocketOptions {
  cookie?: string;
  /** The Origin header; defaults to the app's own origin, `null` sends none. */
  origin?: string | null;
  /** false: never answer the server's pings, like a client whose network vanished. */
  autoPong?: boolean;
}

type Frame = { type: string; [key: string]: unknown };

/** A real `ws` client that records every frame and lets a test wait for the next of a type. */
export class TestSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private taken = new WeakSet<Frame>();

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      const waiter = this.waiters.find((w) => w.test(frame));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        this.taken.add(frame);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: `${reason}` })),
    );
  }

  static open(base: string, path: string, opts: SocketOptions = {}): Promise<TestSocket> {
    const url = `${base.replace(/^http/, "ws")}${path}`;
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin !== null) headers.origin = opts.origin ?? base;
    const ws = new WebSocket(url, { headers, autoPong: opts.autoPong ?? true });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(socket));
      ws.once("unexpected-response", (_req, res) => reject(new UpgradeRefused(res.statusCode ?? 0)));
      ws.once("error", reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /**
   * The first frame of this type (and, given `where`, that passes it) not yet taken by an earlier
   * `next`; frames already received count.
   */
  next<T extends Frame = Frame>(
    type: string,
    timeoutMs = 3_000,
    where: (frame: Frame) => boolean = () => true,
  ): Promise<T> {
    const test = (f: Frame) => f.type === type && where(f);
    const seen = this.frames.find((f) => test(f) && !this.taken.has(f));
    if (seen) {
      this.taken.add(seen);
      return Promise.resolve(seen as T);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no "${type}" frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as T);
        },
      });
    });
  }

  /** Frames of this type received so far. */
  all(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close(1000);
    return this.closed;
  }
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

/** The HTTP status an upgrade attempt was refused with (fails when it was accepted). */
export async function refusedStatus(base: string, path: string, opts: SocketOptions): Promise<number> {
  try {
    const socket = await TestSocket.open(base, path, opts);
    await socket.close();
  } catch (err) {
    if (err instanceof UpgradeRefused) return err.status;
    throw err;
  }
  throw new Error(`${path} accepted the upgrade`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let markers = 0;

/**
 * Resolves once everything published to the user before this call has reached `socket`: a marker
 * published after it on the user's channel, from `app` (the instance that would have published it),
 * arrives after it, as the bus keeps each channel's order. A test that checks a frame did NOT arrive
 * checks after this, once whatever would have sent it has happened, rather than after a sleep.
 */
export async function caughtUp(socket: TestSocket, app: FastifyInstance, userId: number): Promise<void> {
  markers += 1;
  const id = markers;
  await app.realtime.hub.send(userId, { to: "user", frame: { type: "test:marker", id } });
  await socket.next("test:marker", 3_000, (f) => f.id === id);
}

/** How many sockets of the user this instance holds (a closed one leaves once its clean-up is done). */
export function socketsOf(app: FastifyInstance, userId: number): number {
  return [...app.realtime.hub.connections()].filter((c) => c.userId === userId).length;
}
