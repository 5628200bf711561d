import { type Call, type CallStatusEvent, callRoomId, type IceConfig } from "@kindred/shared/calls";
import type { RoomJoinedFrame, SignalInbound, SignallingSocket } from "../../lib/signalling-socket";
import { mediaErrorMessage } from "./call-errors";
import { NegotiationError, type OutgoingType, PeerLink, type SessionDescription } from "./peer-link";

export interface SocketHooks {
  onRejoined: (frame: RoomJoinedFrame) => void;
  onGaveUp: (message: string) => void;
}

export interface CallRoomDeps {
  userId: number;
  openSocket: (hooks: SocketHooks) => SignallingSocket;
  getUserMedia: () => Promise<MediaStream>;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  iceConfig: () => Promise<IceConfig>;
  /** Told of each peer connection (tests read its stats) and of null when it closes. */
  onPeer?: (pc: RTCPeerConnection | null) => void;
  onMedia: (connected: boolean) => void;
  onRemoteStream: (stream: MediaStream) => void;
  /** The call cannot go on; `micBlocked` when the microphone was refused. */
  onFatal: (message: string, why?: { micBlocked?: boolean }) => void;
  /** Call news that came over /rtc. */
  onCallStatus: (event: CallStatusEvent) => void;
  /** /rtc came back after a drop: the record may have changed meanwhile. */
  onReconnected: () => void;
}

/** An Error that says whether the microphone was refused. */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly micBlocked: boolean,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * The media side of one call: the microphone, the /rtc socket and its room, and one peer connection
 * to the other participant. Media never depends on the socket, so a socket drop leaves the audio
 * playing; after a rejoin an ICE restart mends what the drop broke.
 */
/** A connection not up this long after it started is started again, at most STALL_REBUILDS times. */
const STALL_MS = 5_000;
const STALL_REBUILDS = 3;

export class CallRoom {
  private socket: SignallingSocket | null = null;
  private stream: MediaStream | null = null;
  private link: PeerLink | null = null;
  private ice: IceConfig = { iceServers: [], iceTransportPolicy: "all" };
  private call: Call | null = null;
  private polite = false;
  private closed = false;
  /** Fresh connections the impolite side has started because a negotiation stalled. */
  private rebuilds = 0;

  constructor(private readonly deps: CallRoomDeps) {}

  /** Microphone, signalling socket and ICE servers, side by side. Throws a SPEC §8 sentence. */
  async prepare(): Promise<void> {
    if (!this.socket) {
      this.socket = this.deps.openSocket({
        onRejoined: (frame) => this.onRejoined(frame),
        onGaveUp: (message) => this.deps.onFatal(message),
      });
      this.socket.onFrame((frame) => this.onSignal(frame));
    }
    const mic = this.deps.getUserMedia().catch((error: unknown) => {
      const { message, blocked } = mediaErrorMessage(error);
      throw new MediaError(message, blocked);
    });
    const ice = this.deps.iceConfig().catch(() => this.ice);
    try {
      const [stream, , config] = await Promise.all([mic, this.socket.connect(), ice]);
      if (this.closed) return stopTracks(stream);
      this.stream = stream;
      this.ice = config;
    } catch (error) {
      mic.then(stopTracks).catch(() => {});
      throw error;
    }
  }

  /** Joins the call's room; connects at once if the other person is already there. */
  async join(call: Call): Promise<void> {
    if (!this.socket) throw new Error("Signaling connection not established");
    this.call = call;
    const joined = await this.socket.join(callRoomId(call.id), call.id);
    if (this.closed) return;
    this.polite = joined.polite ?? call.receiverId === this.deps.userId;
    if (joined.participants.includes(this.otherId())) this.connectPeer();
  }

  setMuted(muted: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  /** Tells the other side why this one gave up (it arrives as peer_connection_error). */
  sendError(message: string): void {
    if (this.call)
      this.socket?.send({ type: "connection_error", roomId: callRoomId(this.call.id), data: { message } });
  }

  /** Stops every track and closes the peer connection and the socket. */
  close(): void {
    this.closed = true;
    if (this.stream) stopTracks(this.stream);
    this.stream = null;
    if (this.link) this.deps.onPeer?.(null);
    this.link?.close();
    this.link = null;
    this.socket?.close();
    this.socket = null;
  }

  private async onSignal(frame: SignalInbound): Promise<void> {
    if (this.closed) return;
    switch (frame.type) {
      case "call:status":
        // The server's news carries its clock; a peer's relayed call:status does not and is ignored.
        if ("serverNow" in frame) this.deps.onCallStatus(frame as CallStatusEvent);
        return;
      case "participant_joined":
        // They came (back): connect, or start afresh if what we had never got through.
        if (frame.userId === this.otherId() && !this.link?.connected) this.connectPeer();
        return;
      case "offer":
      case "answer":
        if (frame.fromUserId !== this.otherId()) return;
        return this.onDescription((frame.data as { sdp: SessionDescription }).sdp).catch((error: Error) =>
          this.deps.onFatal(error.message),
        );
      case "ice_candidate":
        if (frame.fromUserId !== this.otherId()) return;
        if (!this.link) this.connectPeer();
        return this.link?.addCandidate((frame.data as { candidate: RTCIceCandidateInit }).candidate);
      case "peer_connection_error":
      case "error":
        console.warn("signalling:", frame);
        return;
    }
  }

  private async onDescription(description: SessionDescription): Promise<void> {
    if (!this.link) this.connectPeer();
    try {
      await this.link?.handleDescription(description);
    } catch (error) {
      if (!(error instanceof NegotiationError && error.freshPeer)) throw error;
      // An offer to a connection that already had a peer: they reloaded; meet them with a fresh one.
      this.connectPeer();
      await this.link?.handleDescription(description);
    }
  }

  private connectPeer(): void {
    if (!this.stream || !this.call || this.closed) return;
    this.link?.close();
    const roomId = callRoomId(this.call.id);
    const socket = this.socket;
    const pc = this.deps.createPeer({
      iceServers: this.ice.iceServers,
      iceTransportPolicy: this.ice.iceTransportPolicy,
      iceCandidatePoolSize: 10,
    });
    const link: PeerLink = new PeerLink({
      pc,
      polite: this.polite,
      localStream: this.stream,
      send: (type: OutgoingType, data?: object) => {
        if (this.link === link) socket?.send({ type, roomId, ...(data ? { data } : {}) });
      },
      onRemoteStream: (stream) => this.link === link && this.deps.onRemoteStream(stream),
      onConnected: (connected) => this.link === link && this.deps.onMedia(connected),
      onFatal: (message) => this.link === link && this.deps.onFatal(message),
    });
    this.link = link;
    this.deps.onPeer?.(pc);
    // A negotiation can stall (an offer crossed a join and was lost). The impolite side, whose offers
    // always win, starts afresh; the polite side meets a fresh peer with a fresh connection.
    if (!this.polite && this.rebuilds < STALL_REBUILDS) {
      setTimeout(() => {
        if (this.closed || this.link !== link || link.connected) return;
        this.rebuilds += 1;
        this.connectPeer();
      }, STALL_MS);
    }
  }

  /** Back on /rtc after a drop: if the audio did not survive it, a new ICE round. */
  private onRejoined(frame: RoomJoinedFrame): void {
    if (this.closed) return;
    if (this.link && !this.link.connected) this.link.restartIce();
    else if (!this.link && frame.participants.includes(this.otherId())) this.connectPeer();
    this.deps.onReconnected();
  }

  private otherId(): number {
    const call = this.call;
    if (!call) return -1;
    return call.initiatorId === this.deps.userId ? call.receiverId : call.initiatorId;
  }
}
