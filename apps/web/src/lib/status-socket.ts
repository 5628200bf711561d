import { TIMERS } from "@kindred/shared/constants";
import type { StatusServerFrame } from "@kindred/shared/presence";
import { CLOSE } from "@kindred/shared/socket-limits";

/** SPEC §4 "Connection state". */
export type ConnectionState = "disconnected" | "connecting" | "connected" | "reconnecting" | "failed";

export interface StatusSnapshot {
  state: ConnectionState;
  /** Round trip of the last ping, in ms. */
  rttMs: number | null;
  /** Reconnections since the socket was started. */
  reconnects: number;
  /** When the next attempt is due (ms since epoch), while reconnecting or failed. */
  retryAt: number | null;
}

export interface StatusSocketDeps {
  url: () => string;
  userId: number;
  /** HEAD /api/user before a reconnect: "ok", "signed-out" (401), or "unreachable". */
  checkSession: () => Promise<"ok" | "signed-out" | "unreachable">;
  onSignedOut: () => void;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

const NO_RECONNECT: readonly number[] = [CLOSE.normal, CLOSE.goingAway, CLOSE.signedOut];

/** 2^n s after the n-th abnormal close (n from 0), at most 30 s, with up to 1 s of jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(TIMERS.reconnectCapMs, 2 ** attempt * 1000 + Math.floor(random() * 1000));
}

/**
 * The online-status socket of SPEC §4: registers on open, heartbeats every 15 s, reconnects after an
 * abnormal close with backoff (2^n s, capped at 30 s, with jitter) and after a failed attempt in 5 s,
 * checks the session before each reconnect, and says 'offline' when the page is left.
 */
export class StatusSocket {
  private ws: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private running = false;
  private snapshot: StatusSnapshot = { state: "disconnected", rttMs: null, reconnects: 0, retryAt: null };
  private readonly listeners = new Set<(s: StatusSnapshot) => void>();
  private readonly frameListeners = new Set<(f: StatusServerFrame) => void>();

  constructor(private readonly deps: StatusSocketDeps) {}

  get current(): StatusSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (s: StatusSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onFrame(listener: (f: StatusServerFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  /** Logout or leaving: no reconnect. 'offline' first, so matches see it at once. */
  stop(): void {
    this.running = false;
    this.clearRetry();
    this.send({ type: "offline", userId: this.deps.userId });
    this.ws?.close(CLOSE.normal);
    this.detach();
    this.set({ state: "disconnected", retryAt: null });
  }

  /** The page became visible again or the network came back: reconnect now if not connected. */
  wake(): void {
    if (!this.running || this.snapshot.state === "connected" || this.snapshot.state === "connecting") return;
    this.clearRetry();
    this.attempt = 0;
    void this.reconnect();
  }

  ping(): void {
    this.send({ type: "ping", timestamp: Date.now() });
  }

  private open(): void {
    const Impl = this.deps.WebSocketImpl ?? WebSocket;
    const reconnecting = this.snapshot.state !== "disconnected";
    this.set({ state: reconnecting ? "reconnecting" : "connecting", retryAt: null });
    let opened = false;
    const ws = new Impl(this.deps.url());
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      if (reconnecting) this.set({ reconnects: this.snapshot.reconnects + 1 });
      this.attempt = 0;
      this.set({ state: "connected" });
      this.send({ type: "register", userId: this.deps.userId });
      this.ping();
      this.heartbeat = setInterval(() => {
        this.send({ type: "heartbeat" });
        this.ping();
      }, TIMERS.heartbeatMs);
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.detach();
      if (!this.running) return;
      if (event.code === CLOSE.signedOut) return this.signedOut();
      if (NO_RECONNECT.includes(event.code)) return this.set({ state: "disconnected" });
      // An established socket that dropped backs off; one that never opened retries in 5 s.
      if (opened) this.schedule("reconnecting", backoffMs(this.attempt++, this.deps.random));
      else this.schedule("failed", TIMERS.failureRetryMs);
    };
  }

  private async reconnect(): Promise<void> {
    const session = await this.deps.checkSession();
    if (!this.running) return;
    if (session === "signed-out") return this.signedOut();
    if (session === "unreachable") return this.schedule("failed", TIMERS.failureRetryMs);
    this.open();
  }

  private schedule(state: "reconnecting" | "failed", delay: number): void {
    this.clearRetry();
    this.set({ state, retryAt: Date.now() + delay });
    this.retry = setTimeout(() => void this.reconnect(), delay);
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let frame: StatusServerFrame;
    try {
      frame = JSON.parse(data) as StatusServerFrame;
    } catch {
      return;
    }
    if (frame.type === "pong" && typeof frame.timestamp === "number") {
      this.set({ rttMs: Math.max(0, Date.now() - frame.timestamp) });
    }
    for (const listener of this.frameListeners) listener(frame);
  }

  private signedOut(): void {
    this.running = false;
    this.set({ state: "disconnected", retryAt: null });
    this.deps.onSignedOut();
  }

  private send(frame: object): void {
    if (this.ws?.readyState === 1) this.ws.send(JSON.stringify(frame));
  }

  private detach(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.ws) {
      this.ws.onopen = null;
      this.ws.onmessage = null;
      this.ws.onclose = null;
    }
    this.ws = null;
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private set(patch: Partial<StatusSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }
}
