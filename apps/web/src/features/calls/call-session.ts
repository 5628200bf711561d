import type { Call, CallStatusEvent, IceConfig } from "@kindred/shared/calls";
import type { SignallingSocket } from "../../lib/signalling-socket";
import { CALL_ERRORS } from "./call-errors";
import { CallRoom, type SocketHooks } from "./call-room";
import {
  type CallEvent,
  type CallRole,
  type CallState,
  callReducer,
  INITIAL_CALL_STATE,
  updateFromCall,
  updateFromEvent,
} from "./call-state";

/** Where the call record lives; one function per endpoint of the calls API. */
export interface CallApi {
  getActive(matchId: number): Promise<Call | null>;
  get(callId: number): Promise<Call>;
  create(matchId: number): Promise<Call>;
  update(callId: number, status: "active" | "rejected" | "cancelled" | "completed"): Promise<Call>;
  iceConfig(): Promise<IceConfig>;
}

export interface CallSessionDeps {
  matchId: number;
  userId: number;
  /** `?answer={callId}`: the person already pressed Answer on the incoming-call banner. */
  answerCallId: number | null;
  api: CallApi;
  openSocket: (hooks: SocketHooks) => SignallingSocket;
  getUserMedia: () => Promise<MediaStream>;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  onPeer?: (pc: RTCPeerConnection | null) => void;
}

export interface CallSnapshot {
  state: CallState;
  /** The record as last read from the server. */
  call: Call | null;
  remoteStream: MediaStream | null;
}

/** The call record is re-read this often while live: pushes are only the fast path. */
const POLL_MS = 5_000;

const isEnded = (s: CallState) => s.phase === "ended" || s.phase === "error";

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * One call on the call page: finds or starts the call record, runs the media side (CallRoom), and
 * turns every piece of news (HTTP answers, /rtc and status-socket pushes, the media connection) into
 * the SPEC §4 state. When the call ends or the page goes, everything it opened is closed.
 */
export class CallSession {
  private snapshotValue: CallSnapshot = { state: INITIAL_CALL_STATE, call: null, remoteStream: null };
  private readonly listeners = new Set<() => void>();
  private call: Call | null = null;
  private readonly room: CallRoom;
  private poll: ReturnType<typeof setInterval> | null = null;
  private prepared = false;
  private disposed = false;

  constructor(private readonly deps: CallSessionDeps) {
    this.room = new CallRoom({
      userId: deps.userId,
      openSocket: deps.openSocket,
      getUserMedia: deps.getUserMedia,
      createPeer: deps.createPeer,
      iceConfig: () => deps.api.iceConfig(),
      onPeer: deps.onPeer,
      onMedia: (connected) => this.dispatch({ type: "media", connected }),
      onRemoteStream: (remoteStream) => this.setSnapshot({ ...this.snapshotValue, remoteStream }),
      onFatal: (message, why) => this.fail(message, why),
      onCallStatus: (event) => this.handleStatusFrame(event),
      onReconnected: () => void this.refresh(),
    });
  }

  get snapshot(): CallSnapshot {
    return this.snapshotValue;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** On load: ring if someone is calling me, join a live call, or start one. */
  async start(): Promise<void> {
    let live: Call | null;
    try {
      live = await this.deps.api.getActive(this.deps.matchId);
    } catch (error) {
      return this.fail(errorText(error));
    }
    if (this.disposed) return;
    if (!live) {
      // Answer pressed on a banner, but the call is gone: never dial the caller back by mistake.
      if (this.deps.answerCallId !== null) return this.fail(CALL_ERRORS.noActiveCall);
      return this.dial();
    }
    this.setCall(live);
    const receiver = live.receiverId === this.deps.userId;
    if (live.status === "pending" && receiver) {
      if (this.deps.answerCallId === live.id) return this.answer();
      return this.dispatch({ type: "incoming" });
    }
    await this.enter(receiver ? "receiver" : "caller", live);
  }

  async answer(): Promise<void> {
    const call = this.call;
    if (
      !call ||
      (this.state.stage === "preparing" && this.state.role === "receiver") ||
      isEnded(this.state)
    ) {
      return;
    }
    // Room first, then the answer: the deadline starts only once this side can talk.
    if (!(await this.enter("receiver", call))) return;
    try {
      this.setCall(await this.deps.api.update(call.id, "active"));
    } catch (error) {
      await this.afterRefusedChange(error);
    }
  }

  reject(): Promise<void> {
    return this.endCall("rejected");
  }

  /** Hang Up, or Cancel Call while connecting or ringing out. */
  hangUp(): Promise<void> {
    const pending = this.state.status === null || this.state.status === "pending";
    if (!pending) return this.endCall("completed");
    return this.endCall(this.state.role === "receiver" ? "rejected" : "cancelled");
  }

  toggleMute(): void {
    const muted = !this.state.muted;
    this.room.setMuted(muted);
    this.dispatch({ type: "muted", muted });
  }

  /** Call news from any socket: it reaches every socket of both people. */
  handleStatusFrame(frame: { type: string }): void {
    if (frame.type !== "call:status" || !this.call) return;
    const event = frame as CallStatusEvent;
    if (event.matchId !== this.deps.matchId || event.callId !== this.call.id) return;
    this.dispatch({ type: "update", update: updateFromEvent(event), receivedAt: Date.now() });
  }

  /** The page is going: a call I started is cancelled or hung up; a call ringing for me keeps ringing. */
  dispose(): void {
    if (this.disposed) return;
    const { state } = this;
    if (!isEnded(state) && state.stage !== "incoming" && this.call) void this.hangUp();
    this.disposed = true;
    this.teardown();
    this.listeners.clear();
  }

  private get state(): CallState {
    return this.snapshotValue.state;
  }

  private get over(): boolean {
    return this.disposed || isEnded(this.state);
  }

  private async dial(): Promise<void> {
    this.dispatch({ type: "preparing", role: "caller" });
    // Microphone first: a refused microphone must not leave the other person's phone ringing.
    if (!(await this.prepare())) return;
    let call: Call;
    try {
      call = await this.deps.api.create(this.deps.matchId);
    } catch (error) {
      return this.fail(errorText(error), { limitReached: (error as { status?: number }).status === 429 });
    }
    if (this.over) {
      // Cancel Call was pressed while the record was being made.
      if (call.status === "pending") void this.deps.api.update(call.id, "cancelled").catch(() => {});
      return;
    }
    this.setCall(call);
    // We both pressed Call at once and theirs came first: we both want to talk, so answer it.
    if (call.receiverId === this.deps.userId) {
      if (call.status === "pending") return this.answer();
      await this.enter("receiver", call);
      return;
    }
    await this.joinRoom(call);
  }

  /** Prepares and joins an existing call; false when that failed or the call ended meanwhile. */
  private async enter(role: CallRole, call: Call): Promise<boolean> {
    this.dispatch({ type: "preparing", role });
    if (!(await this.prepare())) return false;
    await this.joinRoom(call);
    return !this.over;
  }

  private async prepare(): Promise<boolean> {
    if (this.prepared) return !this.over;
    try {
      await this.room.prepare();
      this.prepared = true;
    } catch (error) {
      this.fail(errorText(error), { micBlocked: (error as { micBlocked?: boolean }).micBlocked });
    }
    return !this.over;
  }

  private async joinRoom(call: Call): Promise<void> {
    try {
      await this.room.join(call);
    } catch (error) {
      return this.fail(errorText(error));
    }
    if (this.over) return;
    this.dispatch({ type: "joined" });
    this.poll ??= setInterval(() => void this.refresh(), POLL_MS);
  }

  private async endCall(status: "rejected" | "cancelled" | "completed"): Promise<void> {
    if (isEnded(this.state)) return;
    this.dispatch({ type: "hung-up" });
    const call = this.call;
    if (!call) return;
    try {
      this.setCall(await this.deps.api.update(call.id, status));
    } catch (error) {
      await this.afterRefusedChange(error);
    }
  }

  /** A PATCH refused with 409 (it had already ended): the record says what really happened. */
  private async afterRefusedChange(error: unknown): Promise<void> {
    if ((error as { status?: number }).status === 409) return this.refresh();
    this.fail(errorText(error));
  }

  private async refresh(): Promise<void> {
    if (!this.call) return;
    try {
      this.setCall(await this.deps.api.get(this.call.id));
    } catch {
      // A missed poll is retried by the next one.
    }
  }

  private setCall(call: Call): void {
    if (this.call && call.id !== this.call.id) return;
    this.call = call;
    this.setSnapshot({ ...this.snapshotValue, call });
    this.dispatch({ type: "update", update: updateFromCall(call), receivedAt: Date.now() });
  }

  private fail(message: string, why: { micBlocked?: boolean; limitReached?: boolean } = {}): void {
    if (this.over) return;
    this.room.sendError(message);
    this.dispatch({ type: "failed", message, ...why });
    // Nobody should be left ringing, or talking to a page that has given up.
    const call = this.call;
    const { status } = this.state;
    if (!call || (status !== "pending" && status !== "active")) return;
    const receiver = call.receiverId === this.deps.userId;
    const change = status === "active" ? "completed" : receiver ? "rejected" : "cancelled";
    void this.deps.api.update(call.id, change).catch(() => {});
  }

  private dispatch(event: CallEvent): void {
    const before = this.state;
    const state = callReducer(before, event);
    if (state === before) return;
    this.setSnapshot({ ...this.snapshotValue, state });
    if (isEnded(state) && !isEnded(before)) this.teardown();
  }

  private setSnapshot(next: CallSnapshot): void {
    this.snapshotValue = next;
    for (const listener of this.listeners) listener();
  }

  private teardown(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.room.close();
  }
}
