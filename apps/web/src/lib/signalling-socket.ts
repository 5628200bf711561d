import type { IncomingCallEvent } from "@kindred/shared/calls";
import { SIGNALLING } from "@kindred/shared/constants";
import type { SignalServerFrame } from "@kindred/shared/signalling";
import { MAX_FRAME_BYTES, MAX_FRAMES_PER_SECOND, utf8Bytes } from "@kindred/shared/socket-limits";
import { FramePacer } from "./frame-pacer";
import {
  ReconnectingSocket,
  type ReconnectPolicy,
  type SocketDeps,
  type StopReason,
} from "./reconnecting-socket";
import { SIGNALLING_ERRORS } from "./signalling-errors";

/** One socket of someone in a call room. */
export interface RoomPeer {
  userId: number;
  connectionId: string;
}

/**
 * `room_joined` as the server sends it: `polite` says this side yields on an offer collision;
 * `connectionId` is this socket's and `peers` the other person's sockets (older servers omit both).
 */
export type RoomJoinedFrame = Extract<SignalServerFrame, { type: "room_joined" }> & {
  connectionId?: string;
  peers?: RoomPeer[];
};

/** Everything /rtc may deliver: its own frames plus the call news pushed to every socket. */
export type SignalInbound = SignalServerFrame | IncomingCallEvent;

export type FrameListener = (frame: SignalInbound) => void | Promise<void>;

export interface SignallingDeps extends SocketDeps {
  userId: number | null | undefined;
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

/**
 * A first attempt that never opened is not retried (the server refused us or is unreachable: say so now);
 * after that, 8 tries with backoff, then it gives up.
 */
const SIGNALLING_POLICY: ReconnectPolicy = ({ attempt, everOpened, random }) =>
  everOpened && attempt < SIGNALLING.reconnectAttempts
    ? { state: "reconnecting", delayMs: reconnectDelayMs(attempt, random) }
    : null;

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
export class SignallingSocket extends ReconnectingSocket<SignalInbound> {
  private registered = false;
  private room: { roomId: string; callId: number } | null = null;
  private join_: PendingJoin | null = null;
  private heartbeat: ReturnType<typeof setTimeout> | null = null;
  private pongDue: ReturnType<typeof setTimeout> | null = null;
  private inbound: Promise<void> = Promise.resolve();
  private readonly pacer = new FramePacer(MAX_FRAMES_PER_SECOND - 10, (text) => this.sendText(text));
  private readonly listeners = new Set<FrameListener>();
  private readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  constructor(private readonly deps: SignallingDeps) {
    super(deps, SIGNALLING_POLICY);
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
    this.begin();
    return ready;
  }

  /** Joins `call-{callId}`; resolves with `room_joined`. Rejects after 10 s or on the server's refusal. */
  join(roomId: string, callId: number): Promise<RoomJoinedFrame> {
    if (this.state !== "connected") return Promise.reject(new Error(SIGNALLING_ERRORS.notEstablished));
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
    if (!this.isOpen) return false;
    this.pacer.push(text);
    return true;
  }

  /** Leaves the room and closes for good (1000): no reconnect. */
  close(): void {
    // Straight out, ahead of anything still paced: the socket closes next.
    if (this.room) this.sendText(JSON.stringify({ type: "leave_room", roomId: this.room.roomId }));
    this.room = null;
    this.join_?.reject(new Error(SIGNALLING_ERRORS.notEstablished));
    this.join_ = null;
    this.settleReady(new Error(SIGNALLING_ERRORS.notEstablished));
    this.end("Call over");
  }

  protected opened(): void {
    this.send({ type: "register", userId: this.deps.userId });
    this.heartbeat = this.later(() => this.ping(), SIGNALLING.heartbeatStartMs);
  }

  protected received(frame: SignalInbound): void {
    if (frame.type === "pong") {
      this.cancel(this.pongDue);
      this.pongDue = null;
    }
    this.inbound = this.inbound.then(() => this.dispatch(frame));
  }

  protected stopped(reason: StopReason): void {
    if (reason !== "gave-up") {
      this.stopWith(SIGNALLING_ERRORS.notEstablished);
      if (reason === "signed-out") this.deps.onSignedOut?.();
    } else if (this.hasOpened) {
      this.stopWith(SIGNALLING_ERRORS.gaveUp);
      this.deps.onGaveUp?.(SIGNALLING_ERRORS.gaveUp);
    } else {
      this.stopWith(SIGNALLING_ERRORS.error);
    }
  }

  protected override detached(): void {
    this.registered = false;
    this.cancel(this.heartbeat);
    this.cancel(this.pongDue);
    this.heartbeat = null;
    this.pongDue = null;
    this.pacer.clear();
  }

  private stopWith(message: string): void {
    this.halt();
    this.settleReady(new Error(message));
    this.setState(message === SIGNALLING_ERRORS.notEstablished ? "disconnected" : "failed");
  }

  /** Pings now and every 10 s; a ping not answered within 10 s means the socket is dead. */
  private ping(): void {
    if (!this.isOpen) return;
    this.send({ type: "ping", timestamp: Date.now() });
    this.pongDue ??= this.later(() => this.abandon(4000, "Heartbeat timeout"), SIGNALLING.pongTimeoutMs);
    this.heartbeat = this.later(() => this.ping(), SIGNALLING.heartbeatEveryMs);
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
}
