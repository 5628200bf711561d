import type { Call, CallStatusEvent } from "@kindred/shared/calls";
import { CallRoom } from "./call-room";
import type { CallSessionDeps, CallSnapshot } from "./call-snapshot";
import { INITIAL_SNAPSHOT } from "./call-snapshot";
import { type CallEvent, type CallState, callReducer, updateFromCall, updateFromEvent } from "./call-state";
import { type MediaError, Microphone } from "./microphone";

export type { CallApi, CallSessionDeps, CallSnapshot } from "./call-snapshot";

/** The call record is re-read this often while live: pushes are only the fast path. */
const POLL_MS = 5_000;

const isEnded = (s: CallState) => s.phase === "ended" || s.phase === "error";

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * One call: finds or starts the call record, runs the media side (CallRoom, Microphone), and turns
 * every piece of news (HTTP answers, /rtc and status-socket pushes, the media connection) into the
 * SPEC §4 state. A call ringing for me is negotiated while it rings, with no microphone on either
 * side until the server says it is active (RESEARCH §5.3). When it ends everything it opened closes.
 */
export class CallSession {
  private snapshotValue: CallSnapshot = INITIAL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private call: Call | null = null;
  private room: CallRoom;
  private readonly mic: Microphone;
  private roomReady: Promise<boolean> | null = null;
  private poll: ReturnType<typeof setInterval> | null = null;
  private answering = false;
  /** This tab may put its microphone on: it called, answered here, or joined a call already active. */
  private mayTalk = false;
  private activated = false;
  private disposed = false;

  constructor(private readonly deps: CallSessionDeps) {
    this.room = this.makeRoom();
    this.mic = new Microphone({
      getUserMedia: deps.getUserMedia,
      onTrack: (stream) => {
        this.patch({ localStream: stream });
        if (this.activated) void this.room.setTrack(this.mic.track);
      },
    });
  }

  get snapshot(): CallSnapshot {
    return this.snapshotValue;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ring (and negotiate quietly) if someone is calling me, join a live call, or start one. */
  async start(): Promise<void> {
    let live: Call | null;
    try {
      live = await this.deps.api.getActive(this.deps.matchId);
    } catch (error) {
      return this.fail(errorText(error));
    }
    if (this.disposed) return;
    if (!live) return this.dial();
    this.setCall(live);
    const receiver = live.receiverId === this.deps.userId;
    if (live.status === "pending" && receiver) {
      this.dispatch({ type: "incoming" });
      await this.enterRoom(live);
      return;
    }
    this.mayTalk = true;
    this.dispatch({ type: "preparing", role: receiver ? "receiver" : "caller" });
    if (await this.openMic()) await this.enterRoom(live);
  }

  /** Microphone, onto the links already negotiated, then the server: the call is active. */
  async answer(): Promise<void> {
    const call = this.call;
    if (!call || this.answering || isEnded(this.state) || call.receiverId !== this.deps.userId) return;
    this.answering = true;
    this.dispatch({ type: "preparing", role: "receiver" });
    if (!(await this.openMic())) return;
    if (!(await this.enterRoom(call))) return;
    await this.room.setTrack(this.mic.track);
    // Held candidates go out once the server says active (activate()): while pending it drops them.
    try {
      const answered = await this.deps.api.update(call.id, "active");
      this.mayTalk = true;
      this.setCall(answered);
    } catch (error) {
      await this.afterRefusedChange(error);
      // Answered in another tab meanwhile: this one lets go.
      if (this.state.status === "active") this.dispatch({ type: "hung-up" });
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
    this.mic.setMuted(muted);
    this.room.setMuted(muted);
    this.dispatch({ type: "muted", muted });
  }

  /** Another microphone (null: the chosen one); it replaces the old one on the line at once. */
  async setInputDevice(deviceId: string | null): Promise<void> {
    try {
      await this.mic.switchTo(deviceId);
    } catch (error) {
      console.warn("microphone not switched", error);
    }
  }

  /** Call news from any socket: it reaches every socket of both people. */
  handleStatusFrame(frame: { type: string }): void {
    if (frame.type !== "call:status" || !this.call) return;
    const event = frame as CallStatusEvent;
    if (event.matchId !== this.deps.matchId || event.callId !== this.call.id) return;
    this.dispatch({ type: "update", update: updateFromEvent(event), receivedAt: Date.now() });
  }

  /** Hangs up a call this side is in or calling out; a call ringing for me is left ringing. */
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

  private makeRoom(): CallRoom {
    return new CallRoom({
      userId: this.deps.userId,
      openSocket: this.deps.openSocket,
      createPeer: this.deps.createPeer,
      iceConfig: () => this.deps.api.iceConfig(),
      onPeer: this.deps.onPeer,
      onMedia: (connected) => {
        if (connected !== this.state.mediaConnected) this.dispatch({ type: "media", connected });
      },
      onRemoteStream: (remoteStream) => this.patch({ remoteStream }),
      onPeerMuted: (peerMuted) => this.patch({ peerMuted }),
      onQuality: (quality) => this.patch({ quality }),
      onFatal: (message) => this.fail(message),
      onCallStatus: (event) => this.handleStatusFrame(event),
      onReconnected: () => void this.refresh(),
    });
  }

  private async dial(): Promise<void> {
    this.mayTalk = true;
    this.dispatch({ type: "preparing", role: "caller" });
    // Microphone first: a refused microphone must not leave the other person's phone ringing.
    if (!(await this.openMic())) return;
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
    if (call.receiverId === this.deps.userId && call.status === "pending") return this.answer();
    await this.enterRoom(call);
  }

  private async openMic(): Promise<boolean> {
    try {
      const localStream = await this.mic.open();
      this.patch({ localStream });
    } catch (error) {
      if (!this.over) this.fail(errorText(error), { micBlocked: (error as MediaError).micBlocked });
      return false;
    }
    this.maybeActivate();
    return !this.over;
  }

  /** Opens /rtc and joins the call's room once; a second caller waits for the first. */
  private enterRoom(call: Call): Promise<boolean> {
    this.roomReady ??= this.joinRoom(call);
    return this.roomReady;
  }

  private async joinRoom(call: Call): Promise<boolean> {
    try {
      await this.room.open();
      if (this.over) return false;
      await this.room.join(call);
    } catch (error) {
      if (this.over) return false;
      // Still ringing: nothing is lost yet, Answer tries again from the start.
      if (this.state.stage === "incoming") {
        this.room.close();
        this.room = this.makeRoom();
        this.roomReady = null;
        return false;
      }
      this.fail(errorText(error));
      return false;
    }
    if (this.over) return false;
    this.dispatch({ type: "joined" });
    this.poll ??= setInterval(() => void this.refresh(), POLL_MS);
    return true;
  }

  /** Active by the server's word and the microphone is open: audio goes on the line. */
  private maybeActivate(): void {
    const { state } = this;
    if (this.activated || !this.mayTalk || !this.mic.track || isEnded(state)) return;
    if (state.status !== "active" || state.stage !== "preparing") return;
    this.activated = true;
    void this.room.setTrack(this.mic.track);
    this.room.activate();
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

  /**
   * A PATCH refused with 409 (it had already ended): the record says what really happened. With 404
   * the match itself ended (blocked, unmatched), which ends its call: nothing is left to hang up.
   */
  private async afterRefusedChange(error: unknown): Promise<void> {
    const { status } = error as { status?: number };
    if (status === 409) return this.refresh();
    if (status === 404) return this.dispatch({ type: "gone" });
    this.fail(errorText(error));
  }

  private async refresh(): Promise<void> {
    if (!this.call) return;
    try {
      this.setCall(await this.deps.api.get(this.call.id));
    } catch (error) {
      // 404: the match ended (blocked, unmatched) and its call with it. Anything else (offline, a 503)
      // is retried by the next poll.
      if ((error as { status?: number }).status === 404) this.dispatch({ type: "gone" });
    }
  }

  private setCall(call: Call): void {
    if (this.call && call.id !== this.call.id) return;
    this.call = call;
    this.patch({ call });
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
    // A ring that ends in 'active' without Answer here was answered elsewhere: ended, torn down.
    if (isEnded(state) && !isEnded(before)) this.teardown();
    else this.maybeActivate();
  }

  private patch(change: Partial<Omit<CallSnapshot, "state">>): void {
    const current = this.snapshotValue as unknown as Record<string, unknown>;
    if (Object.entries(change).every(([key, value]) => current[key] === value)) return;
    this.setSnapshot({ ...this.snapshotValue, ...change });
  }

  private setSnapshot(next: CallSnapshot): void {
    this.snapshotValue = next;
    for (const listener of this.listeners) listener();
  }

  private teardown(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.room.close();
    this.mic.close();
  }
}
