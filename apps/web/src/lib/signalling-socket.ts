import type { IncomingCallEvent } from "@kindred/shared/calls";
import { SIGNALLING } from "@kindred/shared/constants";
import type { SignalServerFrame } from "@kindred/shared/signalling";
import { CLOSE, MAX_FRAME_BYTES, MAX_FRAMES_PER_SECOND, utf8Bytes } from "@kindred/shared/socket-limits";
import { FramePacer } from "./frame-pacer";
import { SIGNALLING_ERRORS } from "./signalling-errors";
import type { ConnectionState } from "./status-socket";

/** `room_joined` as the server sends it: `polite` says this side yields on an offer collision. */
export type RoomJoinedFrame = Extract<SignalServerFrame, { type: "room_joined" }>;

/** Everything /rtc may deliver: its own frames plus the call news pushed to every socket. */
export type SignalInbound = SignalServerFrame | IncomingCallEvent;

export type FrameListener = (frame: SignalInbound) => void | Promise<void>;

export interface SignallingDeps {
  url: () => string;
  userId: number | null | undefined;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
  /** The session ended (close code 4401). */
  onSignedOut?: () => void;
  /** The socket gave up reconnecting (after 8 attempts). */
  onGaveUp?: (message: string) => void;
  /** The socket came back and is in its room again: media may need an ICE restart. */
  onRejoined?: (frame: RoomJoinedFrame) => void;
}

/** Delay before reconnect attempt n (from 0): 2 s × 1.5^n plus up to 1 s of jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(
    SIGNALLING.baseDelayMs * SIGNALLING.multiplier ** attempt + Math.floor(random() * SIGNALLING.jitterMs),
  );
}

const NO_RECONNECT: readonly number[] = [CLOSE.normal, CLOSE.goingAway, CLOSE.signedOut];

interface PendingJoin {
  roomId: string;
  resolve: (f: RoomJoinedFrame) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The call page's /rtc socket: registers on open, heartbeats, reconnects with backoff, and after a
 * reconnect registers again and rejoins its room. Inbound frames are handed to listeners one at a
 * time (an async listener finishes before the next frame), so an offer is applied before the
 * candidates that follow it. Outbound frames are paced under the server's flood limit.
 */
export class SignallingSocket {
  private ws: WebSocket | null = null;
  private running = false;
  private everOpened = false;
  private registered = false;
  private attempt = 0;
  private stateValue: ConnectionState = "disconnected";
  private room: { roomId: string; callId: number } | null = null;
  private join_: PendingJoin | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private pongDue: ReturnType<typeof setTimeout> | null = null;
  private inbound: Promise<void> = Promise.resolve();
  private readonly pacer = new FramePacer(MAX_FRAMES_PER_SECOND - 10, (text) => {
    if (this.ws?.readyState !== 1) return false;
    this.ws.send(text);
    return true;
  });
  private readonly listeners = new Set<FrameListener>();
  private readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  constructor(private readonly deps: SignallingDeps) {}

  get state(): ConnectionState {
    return this.stateValue;
  }

  onFrame(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens and registers. Rejects with a SPEC §8 sentence: timeout (15 s), error, or no user id. */
  connect(): Promise<void> {
    const { userId } = this.deps;
    if (typeof userId !== "number" || !Number.isInteger(userId)) {
      return Promise.reject(new Error(SIGNALLING_ERRORS.userIdNotSet));
    }
    if (this.registered) return Promise.resolve();
    const ready = new Promise<void>((resolve, reject) => {
      this.readyWaiters.push({ resolve, reject });
    });
    this.later(() => this.settleReady(new Error(SIGNALLING_ERRORS.timeout)), SIGNALLING.connectTimeoutMs);
    if (!this.running) {
      this.running = true;
      this.open();
    }
    return ready;
  }

  /** Joins `call-{callId}`; resolves with `room_joined`. Rejects after 10 s or on the server's refusal. */
  join(roomId: string, callId: number): Promise<RoomJoinedFrame> {
    if (this.stateValue !== "connected") return Promise.reject(new Error(SIGNALLING_ERRORS.notEstablished));
    this.room = { roomId, callId };
    this.join_?.reject(new Error(SIGNALLING_ERRORS.joinTimeout));
    return new Promise<RoomJoinedFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.join_?.timer === timer) this.join_ = null;
        reject(new Error(SIGNALLING_ERRORS.joinTimeout));
      }, SIGNALLING.joinTimeoutMs);
      this.join_ = { roomId, resolve, reject, timer };
      this.send({ type: "join_room", roomId, data: { callId } });
    });
  }

  /**
   * Sends a frame. False when it cannot go: not connected, or over 16,384 bytes (never sent, since
   * the server would refuse it anyway).
   */
  send(frame: object): boolean {
    const text = JSON.stringify(frame);
    if (utf8Bytes(text) > MAX_FRAME_BYTES) return false;
    if (this.ws?.readyState !== 1) return false;
    this.pacer.push(text);
    return true;
  }

  /** Leaves the room and closes for good (1000): no reconnect. */
  close(): void {
    if (this.room && this.ws?.readyState === 1) {
      this.ws.send(JSON.stringify({ type: "leave_room", roomId: this.room.roomId }));
    }
    this.running = false;
    this.room = null;
    this.join_?.reject(new Error(SIGNALLING_ERRORS.notEstablished));
    this.join_ = null;
    this.settleReady(new Error(SIGNALLING_ERRORS.notEstablished));
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const ws = this.ws;
    this.detach();
    ws?.close(CLOSE.normal, "Call over");
    this.stateValue = "disconnected";
  }

  private open(): void {
    const Impl = this.deps.WebSocketImpl ?? WebSocket;
    this.stateValue = this.everOpened ? "reconnecting" : "connecting";
    const ws = new Impl(this.deps.url());
    this.ws = ws;
    ws.onopen = () => {
      this.everOpened = true;
      this.attempt = 0;
      this.stateValue = "connected";
      this.send({ type: "register", userId: this.deps.userId });
      this.later(() => this.ping(ws), SIGNALLING.heartbeatStartMs);
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.detach();
      this.dropped(event.code);
    };
  }

  private dropped(code: number): void {
    if (!this.running) return;
    if (code === CLOSE.signedOut) {
      this.stopWith(SIGNALLING_ERRORS.notEstablished);
      this.deps.onSignedOut?.();
      return;
    }
    if (NO_RECONNECT.includes(code)) {
      this.stopWith(SIGNALLING_ERRORS.notEstablished);
      return;
    }
    // The first attempt never opened: the server refused us or is unreachable; say so now.
    if (!this.everOpened) {
      this.stopWith(SIGNALLING_ERRORS.error);
      return;
    }
    if (this.attempt >= SIGNALLING.reconnectAttempts) {
      this.stopWith(SIGNALLING_ERRORS.gaveUp);
      this.deps.onGaveUp?.(SIGNALLING_ERRORS.gaveUp);
      return;
    }
    this.stateValue = "reconnecting";
    this.later(() => this.running && this.open(), reconnectDelayMs(this.attempt++, this.deps.random));
  }

  private stopWith(message: string): void {
    this.running = false;
    this.settleReady(new Error(message));
    this.stateValue = message === SIGNALLING_ERRORS.notEstablished ? "disconnected" : "failed";
  }

  /** Pings now and every 10 s; a ping not answered within 10 s means the socket is dead. */
  private ping(ws: WebSocket): void {
    if (this.ws !== ws || ws.readyState !== 1) return;
    this.send({ type: "ping", timestamp: Date.now() });
    if (!this.pongDue) {
      this.pongDue = this.later(() => {
        if (this.ws !== ws) return;
        // A dead link may never deliver its close event: stop listening and reconnect now.
        this.detach();
        ws.close(4000, "Heartbeat timeout");
        this.dropped(4000);
      }, SIGNALLING.pongTimeoutMs);
    }
    this.later(() => this.ping(ws), SIGNALLING.heartbeatEveryMs);
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let frame: SignalInbound;
    try {
      frame = JSON.parse(data) as SignalInbound;
    } catch {
      return;
    }
    if (frame.type === "pong" && this.pongDue) {
      clearTimeout(this.pongDue);
      this.timers.delete(this.pongDue);
      this.pongDue = null;
    }
    this.inbound = this.inbound.then(() => this.dispatch(frame));
  }

  private async dispatch(frame: SignalInbound): Promise<void> {
    if (frame.type === "registered") this.onRegistered();
    if (frame.type === "room_joined") this.onRoomJoined(frame as RoomJoinedFrame);
    if (frame.type === "error" && this.join_) {
      clearTimeout(this.join_.timer);
      this.join_.reject(new Error(frame.data.message));
      this.join_ = null;
    }
    for (const listener of [...this.listeners]) {
      try {
        await listener(frame);
      } catch (err) {
        console.error("signalling listener failed", err);
      }
    }
  }

  private onRegistered(): void {
    this.registered = true;
    this.settleReady(null);
    // After a reconnect: back into the room this socket was in, quietly (no pending join).
    if (this.room && !this.join_) {
      this.send({ type: "join_room", roomId: this.room.roomId, data: { callId: this.room.callId } });
    }
  }

  private onRoomJoined(frame: RoomJoinedFrame): void {
    const pending = this.join_;
    if (pending && pending.roomId === frame.roomId) {
      clearTimeout(pending.timer);
      this.join_ = null;
      pending.resolve(frame);
    } else if (this.room?.roomId === frame.roomId) {
      this.deps.onRejoined?.(frame);
    }
  }

  private settleReady(error: Error | null): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) error ? w.reject(error) : w.resolve();
  }

  private later(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private detach(): void {
    this.registered = false;
    if (this.pongDue) clearTimeout(this.pongDue);
    this.pongDue = null;
    this.pacer.clear();
    if (this.ws) {
      this.ws.onopen = null;
      this.ws.onmessage = null;
      this.ws.onclose = null;
    }
    this.ws = null;
  }
}
