import { CLOSE, NO_RECONNECT_CLOSE_CODES } from "@kindred/shared/socket-limits";

/** SPEC §4 "Connection state". */
export type ConnectionState = "disconnected" | "connecting" | "connected" | "reconnecting" | "failed";

export interface SocketDeps {
  url: () => string;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

/** A connection that closed abnormally: neither on purpose nor because the session ended. */
export interface Drop {
  /** Attempts since a connection last stayed open STABLE_AFTER_MS, from 0. */
  attempt: number;
  /** Whether the connection that dropped had opened. */
  opened: boolean;
  /** Whether any connection of this socket has opened. */
  everOpened: boolean;
  random: () => number;
}

/** After a drop: try again in `delayMs`, showing `state` meanwhile; or null, give up. */
export type ReconnectPolicy = (drop: Drop) => { state: "reconnecting" | "failed"; delayMs: number } | null;

/** Why a socket stopped by itself: its session ended, the other side closed on purpose, or its policy gave up. */
export type StopReason = "signed-out" | "closed" | "gave-up";

type Timer = ReturnType<typeof setTimeout>;

/**
 * A connection must stay open this long before the backoff starts again from its first step: one that a
 * restarting or refusing server accepts and drops at once would otherwise be retried every second.
 */
export const STABLE_AFTER_MS = 10_000;

/**
 * A WebSocket that comes back. The mechanics live here: opening, reading JSON frames, letting go of a
 * connection (its late events are ignored), never retrying after the close codes shared with the server
 * as final, and otherwise retrying when and as often as the subclass's policy says.
 */
export abstract class ReconnectingSocket<Inbound> {
  private ws: WebSocket | null = null;
  private running = false;
  private everOpened = false;
  private attempt = 0;
  private stateValue: ConnectionState = "disconnected";
  private retryTimer: Timer | null = null;
  private stableTimer: Timer | null = null;
  private readonly timers = new Set<Timer>();

  protected constructor(
    private readonly socket: SocketDeps,
    private readonly policy: ReconnectPolicy,
  ) {}

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** A connection opened: register on it. `reconnected` after a drop or a failed attempt. */
  protected abstract opened(reconnected: boolean): void;
  protected abstract received(frame: Inbound): void;
  /** A close ended the retries: say why, and halt() unless something (a wake-up) may still bring it back. */
  protected abstract stopped(reason: StopReason): void;
  /** The connection was let go of: end what belonged to it (heartbeats, queued frames). */
  protected detached(): void {}
  protected stateChanged(_retryAt: number | null): void {}

  protected get isRunning(): boolean {
    return this.running;
  }

  protected get hasOpened(): boolean {
    return this.everOpened;
  }

  protected get isOpen(): boolean {
    return this.ws?.readyState === 1;
  }

  /** Starts connecting, unless already started. */
  protected begin(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  /** For good: no reconnect, no pending timers, and the connection closed with 1000. */
  protected end(reason?: string): void {
    this.halt();
    const ws = this.ws;
    this.detach();
    ws?.close(CLOSE.normal, reason);
    this.setState("disconnected");
  }

  /** No reconnect and no pending timers; the connection, if any, stays until it closes. */
  protected halt(): void {
    this.running = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.retryTimer = null;
  }

  /** Reconnects now, as a first attempt, unless stopped or already (re)connecting. */
  protected retryNow(): void {
    if (!this.running || this.stateValue === "connected" || this.stateValue === "connecting") return;
    this.cancel(this.retryTimer);
    this.attempt = 0;
    void this.reconnect();
  }

  /** Tries again in `delayMs`, showing `state` meanwhile. */
  protected retryIn(state: "reconnecting" | "failed", delayMs: number): void {
    this.cancel(this.retryTimer);
    this.setState(state, Date.now() + delayMs);
    this.retryTimer = this.later(() => void this.reconnect(), delayMs);
  }

  /** One reconnect attempt; a subclass may check something first. */
  protected async reconnect(): Promise<void> {
    if (this.running) this.open();
  }

  /** Lets go of a connection that seems dead (a dead link may never deliver its close) as if it dropped. */
  protected abandon(code: number, reason: string): void {
    const ws = this.ws;
    if (!ws) return;
    this.detach();
    ws.close(code, reason);
    this.closed(code, true);
  }

  protected sendText(text: string): boolean {
    if (this.ws?.readyState !== 1) return false;
    this.ws.send(text);
    return true;
  }

  protected setState(state: ConnectionState, retryAt: number | null = null): void {
    this.stateValue = state;
    this.stateChanged(retryAt);
  }

  /** Runs `fn` after `ms` unless the socket is stopped first. */
  protected later(fn: () => void, ms: number): Timer {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  protected cancel(timer: Timer | null): void {
    if (timer === null) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  private open(): void {
    const Impl = this.socket.WebSocketImpl ?? WebSocket;
    const reconnecting = this.stateValue !== "disconnected";
    this.setState(reconnecting ? "reconnecting" : "connecting");
    let opened = false;
    const ws = new Impl(this.socket.url());
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      this.everOpened = true;
      this.stableTimer = this.later(() => {
        this.attempt = 0;
      }, STABLE_AFTER_MS);
      this.opened(reconnecting);
      this.setState("connected");
    };
    ws.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame !== undefined) this.received(frame as Inbound);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.detach();
      this.closed(event.code, opened);
    };
  }

  private closed(code: number, opened: boolean): void {
    if (!this.running) return;
    const final = finalClose(code);
    if (final) {
      this.stopped(final);
      return;
    }
    const random = this.socket.random ?? Math.random;
    const retry = this.policy({ attempt: this.attempt, opened, everOpened: this.everOpened, random });
    if (!retry) {
      this.stopped("gave-up");
      return;
    }
    this.attempt += 1;
    this.retryIn(retry.state, retry.delayMs);
  }

  private detach(): void {
    this.cancel(this.stableTimer);
    this.stableTimer = null;
    this.detached();
    if (this.ws) {
      this.ws.onopen = null;
      this.ws.onmessage = null;
      this.ws.onclose = null;
    }
    this.ws = null;
  }
}

/** Why a close ends the socket's retries, by the codes shared with the server; null for a drop. */
function finalClose(code: number): StopReason | null {
  if (code === CLOSE.signedOut) return "signed-out";
  return NO_RECONNECT_CLOSE_CODES.includes(code) ? "closed" : null;
}

/** A text frame's JSON object; anything else (binary, not JSON, not an object) is not a frame. */
function parseFrame(data: unknown): object | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const frame: unknown = JSON.parse(data);
    return typeof frame === "object" && frame !== null ? frame : undefined;
  } catch {
    return undefined;
  }
}
