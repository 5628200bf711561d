import { SIGNALLING_SOCKET_PATH } from "@kindred/shared/call-basics";
import { SignallingSocket } from "../../lib/signalling-socket";
import { socketUrl } from "../../lib/socket-url";
import type { StatusSocket } from "../../lib/status-socket";
import { createCall } from "./api/create-call";
import { getActiveCall } from "./api/get-active-call";
import { getCall } from "./api/get-call";
import { getIceConfig } from "./api/get-ice-servers";
import { updateCall } from "./api/update-call";
import { type CallApi, CallSession } from "./call-session";
import { chosenMicrophone, openMicrophone } from "./devices";

const api: CallApi = {
  getActive: getActiveCall,
  get: getCall,
  create: createCall,
  update: updateCall,
  iceConfig: getIceConfig,
};

declare global {
  interface Window {
    /** The call's peer connection, for browser tests that read its stats. Holds nothing secret. */
    __kindredPeer?: RTCPeerConnection | null;
  }
}

interface Entry {
  session: CallSession;
  started: Promise<void>;
  /** Call pages showing it: an ended session nobody shows is let go. */
  shown: number;
  off: () => void;
}

const isOver = (s: CallSession) => {
  const { phase } = s.snapshot.state;
  return phase === "ended" || phase === "error";
};

/**
 * The calls of this page, above the routes: one CallSession per match, so a call outlives the call
 * page (the bar shows it elsewhere) and a ringing call is prepared before Answer. It is fed by the
 * page's online-status socket; the call page and the bar read it.
 */
export class CallManager {
  private entries = new Map<number, Entry>();
  private userId: number | null = null;
  private socket: StatusSocket | null = null;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Signed in with this socket: call news reaches every session. Undone at sign-out, ending all. */
  attach(userId: number, socket: StatusSocket): () => void {
    this.userId = userId;
    this.socket = socket;
    this.changed();
    const off = socket.onFrame((frame) => {
      for (const { session } of this.entries.values()) session.handleStatusFrame(frame);
    });
    return () => {
      off();
      if (this.socket === socket) {
        this.socket = null;
        this.userId = null;
        for (const matchId of [...this.entries.keys()]) this.drop(matchId);
      }
    };
  }

  /**
   * The match's session: the one a page already shows (even ended: it says how it ended), a live one,
   * or a new one started now. `retry` (Try Again) replaces an ended one.
   */
  open(matchId: number, retry = false): CallSession | null {
    const entry = this.entries.get(matchId);
    if (entry && (!isOver(entry.session) || (!retry && entry.shown > 0))) return entry.session;
    if (entry) this.drop(matchId);
    return this.create(matchId)?.session ?? null;
  }

  /** A call rings for me: its session starts now, so the room is negotiated while it rings. */
  prepare(matchId: number): void {
    if (!this.entries.has(matchId)) this.create(matchId);
  }

  /** Answer pressed: once the session knows its call (it may still be starting), answer it. */
  async answer(matchId: number): Promise<void> {
    const entry = this.entries.get(matchId) ?? this.create(matchId);
    if (!entry) return;
    await entry.started;
    await entry.session.answer();
  }

  /** Decline pressed; with no session here, the record is declined directly (a 409 means it is over). */
  async decline(matchId: number, callId: number): Promise<void> {
    const entry = this.entries.get(matchId);
    if (!entry) return void (await updateCall(callId, "rejected").catch(() => {}));
    await entry.started;
    await entry.session.reject();
  }

  /** Signed in and listening: sessions can be made. */
  get attached(): boolean {
    return this.userId !== null;
  }

  get(matchId: number): CallSession | null {
    return this.entries.get(matchId)?.session ?? null;
  }

  /** The call this person is in or calling out on (not one merely ringing for them). */
  live(): { matchId: number; session: CallSession } | null {
    for (const [matchId, { session }] of this.entries) {
      const { state } = session.snapshot;
      if (isOver(session) || state.role === null || state.stage === "incoming") continue;
      return { matchId, session };
    }
    return null;
  }

  /** A call page shows the session while mounted. */
  show(matchId: number): () => void {
    const entry = this.entries.get(matchId);
    if (!entry) return () => {};
    entry.shown += 1;
    return () => {
      entry.shown -= 1;
      this.tidy(matchId);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever any session does (for useSyncExternalStore). */
  getVersion = (): number => this.version;

  private create(matchId: number): Entry | null {
    const userId = this.userId;
    if (userId === null) return null;
    const session = new CallSession({
      matchId,
      userId,
      api,
      openSocket: (hooks) =>
        new SignallingSocket({ url: () => socketUrl(SIGNALLING_SOCKET_PATH), userId, ...hooks }),
      getUserMedia: (deviceId) => openMicrophone(deviceId ?? chosenMicrophone()),
      createPeer: (config) => new RTCPeerConnection(config),
      onPeer: (pc) => {
        window.__kindredPeer = pc;
      },
    });
    const entry: Entry = { session, started: Promise.resolve(), shown: 0, off: () => {} };
    entry.off = session.subscribe(() => {
      this.changed();
      this.tidy(matchId);
    });
    this.entries.set(matchId, entry);
    entry.started = session.start();
    this.changed();
    return entry;
  }

  /** An ended call that no call page shows is let go (its page said goodbye already, or none was open). */
  private tidy(matchId: number): void {
    const entry = this.entries.get(matchId);
    if (entry && entry.shown === 0 && isOver(entry.session)) this.drop(matchId);
  }

  private drop(matchId: number): void {
    const entry = this.entries.get(matchId);
    if (!entry) return;
    this.entries.delete(matchId);
    entry.off();
    entry.session.dispose();
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

export const callManager = new CallManager();
