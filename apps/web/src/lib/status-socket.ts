import { TIMERS } from "@kindred/shared/constants";
import type { StatusServerFrame } from "@kindred/shared/presence";
import {
  type ConnectionState,
  ReconnectingSocket,
  type ReconnectPolicy,
  type SocketDeps,
  type StopReason,
} from "./reconnecting-socket";

export interface StatusSnapshot {
  state: ConnectionState;
  /** Round trip of the last ping, in ms. */
  rttMs: number | null;
  /** Reconnections since the socket was started. */
  reconnects: number;
  /** When the next attempt is due (ms since epoch), while reconnecting or failed. */
  retryAt: number | null;
}

export interface StatusSocketDeps extends SocketDeps {
  userId: number;
  /** HEAD /api/user before a reconnect: "ok", "signed-out" (401), or "unreachable". */
  checkSession: () => Promise<"ok" | "signed-out" | "unreachable">;
  onSignedOut: () => void;
}

/** 2^n s after the n-th abnormal close (n from 0), at most 30 s, with up to 1 s of jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(TIMERS.reconnectCapMs, 2 ** attempt * 1000 + Math.floor(random() * 1000));
}

/** An established socket that dropped backs off; one that never opened retries in 5 s. Never gives up. */
const STATUS_POLICY: ReconnectPolicy = ({ attempt, opened, random }) =>
  opened
    ? { state: "reconnecting", delayMs: backoffMs(attempt, random) }
    : { state: "failed", delayMs: TIMERS.failureRetryMs };

/**
 * The online-status socket of SPEC §4: registers on open, heartbeats every 15 s, reconnects after an
 * abnormal close with backoff (2^n s, capped at 30 s, with jitter) and after a failed attempt in 5 s,
 * checks the session before each reconnect, and says 'offline' when the page is left.
 */
export class StatusSocket extends ReconnectingSocket<StatusServerFrame> {
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private snapshot: StatusSnapshot = { state: "disconnected", rttMs: null, reconnects: 0, retryAt: null };
  private readonly listeners = new Set<(s: StatusSnapshot) => void>();
  private readonly frameListeners = new Set<(f: StatusServerFrame) => void>();

  constructor(private readonly deps: StatusSocketDeps) {
    super(deps, STATUS_POLICY);
  }

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
    this.begin();
  }

  /** Logout or leaving: no reconnect. 'offline' first, so matches see it at once. */
  stop(): void {
    this.send({ type: "offline", userId: this.deps.userId });
    this.end();
  }

  /** The page became visible again or the network came back: reconnect now if not connected. */
  wake(): void {
    this.retryNow();
  }

  ping(): void {
    this.send({ type: "ping", timestamp: Date.now() });
  }

  protected opened(reconnected: boolean): void {
    if (reconnected) this.set({ reconnects: this.snapshot.reconnects + 1 });
    this.send({ type: "register", userId: this.deps.userId });
    this.ping();
    this.heartbeat = setInterval(() => {
      this.send({ type: "heartbeat" });
      this.ping();
    }, TIMERS.heartbeatMs);
  }

  protected received(frame: StatusServerFrame): void {
    if (frame.type === "pong" && typeof frame.timestamp === "number") {
      this.set({ rttMs: Math.max(0, Date.now() - frame.timestamp) });
    }
    for (const listener of this.frameListeners) listener(frame);
  }

  // After a 1000 (closed on purpose) the socket stays started, so that wake() can still bring it back.
  // Any other close but 4401 (a restarting server's 1012, 1001, 1006…) never gets here: it reconnects.
  protected stopped(reason: StopReason): void {
    if (reason === "signed-out") {
      this.halt();
      this.setState("disconnected");
      this.deps.onSignedOut();
      return;
    }
    this.setState("disconnected");
  }

  protected override async reconnect(): Promise<void> {
    const session = await this.deps.checkSession();
    if (!this.isRunning) return;
    if (session === "signed-out") return this.stopped("signed-out");
    if (session === "unreachable") return this.retryIn("failed", TIMERS.failureRetryMs);
    await super.reconnect();
  }

  protected override detached(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  protected override stateChanged(retryAt: number | null): void {
    this.set({ state: this.state, retryAt });
  }

  private send(frame: object): void {
    this.sendText(JSON.stringify(frame));
  }

  private set(patch: Partial<StatusSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }
}
