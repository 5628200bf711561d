import { callRoomId } from "@kindred/shared/call-basics";
import type { Call, CallStatusEvent, IceConfig } from "@kindred/shared/calls";
import type { RoomJoinedFrame, SignalInbound, SignallingSocket } from "../../lib/signalling-socket";
import { type CallQuality, QUALITY_EVERY_MS, QualityMeter } from "./call-quality";
import { isConnectionKey, keyFrom, keyOf, peerKeys, type Relayed } from "./link-keys";
import { NegotiationError, type OutgoingType, PeerLink, type SessionDescription } from "./peer-link";

export interface SocketHooks {
  onRejoined: (frame: RoomJoinedFrame) => void;
  onGaveUp: (message: string) => void;
}

export interface CallRoomDeps {
  userId: number;
  openSocket: (hooks: SocketHooks) => SignallingSocket;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  iceConfig: () => Promise<IceConfig>;
  /** Told of the peer connection carrying the call (tests read its stats), and of null when none. */
  onPeer?: (pc: RTCPeerConnection | null) => void;
  onMedia: (connected: boolean) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
  onPeerMuted: (muted: boolean) => void;
  onQuality: (quality: CallQuality | null) => void;
  onFatal: (message: string) => void;
  /** Call news that came over /rtc. */
  onCallStatus: (event: CallStatusEvent) => void;
  /** /rtc came back after a drop: the record may have changed meanwhile. */
  onReconnected: () => void;
}

/** A connection not up this long after the call went active is started again, at most STALL_REBUILDS times. */
const STALL_MS = 5_000;
const STALL_REBUILDS = 3;

/**
 * The media side of one call: the /rtc socket and its room, and one peer connection per socket of the
 * other person (a ringing call may be open in several of their tabs). Links carry no audio until
 * setTrack(); media never depends on the socket, so a socket drop leaves the audio playing.
 */
export class CallRoom {
  private socket: SignallingSocket | null = null;
  private readonly links = new Map<string, PeerLink>();
  /** Their sockets that left while their link still carried audio. */
  private readonly departed = new Set<string>();
  private ice: IceConfig = { iceServers: [], iceTransportPolicy: "all" };
  private call: Call | null = null;
  private track: MediaStreamTrack | null = null;
  private carrier: PeerLink | null = null;
  private meter = new QualityMeter();
  private quality: ReturnType<typeof setInterval> | null = null;
  private polite = false;
  private hold = false;
  private live = false;
  private muted = false;
  private closed = false;
  private rebuilds = 0;

  constructor(private readonly deps: CallRoomDeps) {}

  /** Signalling socket and ICE servers, side by side. Throws a SPEC §8 sentence. */
  async open(): Promise<void> {
    if (!this.socket) {
      this.socket = this.deps.openSocket({
        onRejoined: (frame) => this.onRejoined(frame),
        onGaveUp: (message) => this.deps.onFatal(message),
      });
      this.socket.onFrame((frame) => this.onSignal(frame));
    }
    const ice = this.deps.iceConfig().catch(() => this.ice);
    const [, config] = await Promise.all([this.socket.connect(), ice]);
    this.ice = config;
  }

  /** Joins the call's room and links to every socket of the other person already there. */
  async join(call: Call): Promise<void> {
    if (!this.socket) throw new Error("Signaling connection not established");
    this.call = call;
    const receiver = call.receiverId === this.deps.userId;
    // Without a relay the candidates carry my address: a ringing receiver keeps them until Answer.
    this.hold = receiver && !this.live && this.ice.iceTransportPolicy === "all";
    // Known before the join is answered: the server relays to this socket from the moment it is in the
    // room, and a link made for a frame that came first would otherwise never yield (both sides offer).
    this.polite = receiver;
    const joined = await this.socket.join(callRoomId(call.id), call.id);
    if (this.closed) return;
    this.polite = joined.polite ?? receiver;
    for (const key of peerKeys(joined, this.otherId())) if (!this.links.has(key)) this.link(key);
    this.quality ??= setInterval(() => void this.measure(), QUALITY_EVERY_MS);
  }

  /** The microphone goes on every link (null takes it off). */
  async setTrack(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    await Promise.all([...this.links.values()].map((link) => link.attach(track)));
  }

  /** Answered here: the candidates kept back may go out. */
  release(): void {
    this.hold = false;
    for (const link of this.links.values()) link.release();
  }

  /** The server says the call is active: links now have to connect, and keep connecting. */
  activate(): void {
    if (this.live || this.closed) return;
    this.live = true;
    this.release();
    for (const [key, link] of this.links) {
      link.activate();
      this.watchStall(key, link);
    }
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const key of this.links.keys()) this.sendTo(key, "mute", { muted });
  }

  /** Tells the other side why this one gave up (it arrives as peer_connection_error). */
  sendError(message: string): void {
    if (this.call)
      this.socket?.send({ type: "connection_error", roomId: callRoomId(this.call.id), data: { message } });
  }

  /** Closes every peer connection and the socket. The microphone is the session's. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.quality) clearInterval(this.quality);
    for (const link of this.links.values()) link.close();
    this.links.clear();
    if (this.carrier) this.deps.onPeer?.(null);
    this.carrier = null;
    this.socket?.close();
    this.socket = null;
  }

  private async onSignal(frame: SignalInbound): Promise<void> {
    if (this.closed) return;
    const relayed = frame as Relayed;
    const other = this.otherId();
    switch (frame.type as string) {
      case "call:status":
        // The server's news carries its clock; a peer's relayed call:status does not and is ignored.
        if ("serverNow" in frame) this.deps.onCallStatus(frame as CallStatusEvent);
        return;
      case "participant_joined": {
        if ((frame as { userId?: number }).userId !== other) return;
        const key = keyOf(frame as { connectionId?: string; userId?: number });
        // While the call is live and its audio flows, a newcomer (another tab, or this one back on a
        // new socket) offers itself; the newest to connect wins, so a socket drop never cuts the audio.
        if (this.live && this.carrier?.connected) return;
        if (!this.links.get(key)?.connected) this.link(key);
        return;
      }
      case "participant_left": {
        const { connectionId } = frame as { connectionId?: string };
        if (!connectionId) return;
        // A live call's audio outlasts its socket: that link goes once its media does, or a newer connects.
        if (this.live && this.links.get(connectionId)?.connected) this.departed.add(connectionId);
        else this.drop(connectionId);
        return;
      }
      case "offer":
      case "answer":
        if (relayed.fromUserId !== other) return;
        return this.onDescription(keyFrom(relayed), (relayed.data as { sdp: SessionDescription }).sdp);
      case "ice_candidate": {
        if (relayed.fromUserId !== other) return;
        const key = keyFrom(relayed);
        const link = this.links.get(key) ?? this.link(key);
        return link?.addCandidate((relayed.data as { candidate: RTCIceCandidateInit }).candidate);
      }
      case "mute":
        if (relayed.fromUserId === other)
          this.deps.onPeerMuted(Boolean((relayed.data as { muted?: boolean })?.muted));
        return;
      case "peer_connection_error":
      case "error":
        console.warn("signalling:", frame);
        return;
    }
  }

  private async onDescription(key: string, description: SessionDescription): Promise<void> {
    try {
      await (this.links.get(key) ?? this.link(key))?.handleDescription(description);
    } catch (error) {
      if (!(error instanceof NegotiationError && error.freshPeer))
        return this.deps.onFatal((error as Error).message);
      // An offer to a connection that already had a peer: they reloaded; meet them with a fresh one.
      await this.link(key)
        ?.handleDescription(description)
        .catch((e: Error) => this.deps.onFatal(e.message));
    }
  }

  /** A fresh link to one socket of the other person (replacing any it had). */
  private link(key: string): PeerLink | null {
    if (!this.call || this.closed) return null;
    this.links.get(key)?.close();
    const pc = this.deps.createPeer({
      iceServers: this.ice.iceServers,
      iceTransportPolicy: this.ice.iceTransportPolicy,
      iceCandidatePoolSize: 10,
    });
    const link: PeerLink = new PeerLink({
      pc,
      polite: this.polite,
      holdCandidates: this.hold,
      // While it rings the caller offers, the receiver answers: never both at once.
      awaitOffer: this.polite && !this.live && this.call.status === "pending",
      send: (type: OutgoingType, data?: object) => {
        if (this.links.get(key) === link) this.sendTo(key, type, data);
      },
      onRemoteStream: () => this.pickCarrier(),
      onConnected: (connected) => {
        if (this.links.get(key) !== link) return;
        if (connected) this.sendTo(key, "mute", { muted: this.muted });
        // Once the call is active the newest link to connect carries it alone.
        if (connected && this.live) for (const old of [...this.links.keys()]) if (old !== key) this.drop(old);
        // Its socket went and its audio now too: gone, if another link can carry the call.
        if (!connected && this.departed.has(key) && this.links.size > 1) return this.drop(key);
        this.pickCarrier();
      },
      onFatal: (message) => this.links.get(key) === link && this.deps.onFatal(message),
    });
    this.links.set(key, link);
    if (this.track) void link.attach(this.track);
    if (this.live) {
      link.activate();
      this.watchStall(key, link);
    }
    this.pickCarrier();
    return link;
  }

  private drop(key: string): void {
    const link = this.links.get(key);
    if (!link) return;
    link.close();
    this.links.delete(key);
    this.departed.delete(key);
    this.pickCarrier();
  }

  /** The link carrying the call: the newest connected one whose socket is still there, else the newest. */
  private pickCarrier(): void {
    const links = [...this.links].reverse();
    const connected = links.filter(([, link]) => link.connected);
    const pick = connected.find(([key]) => !this.departed.has(key)) ?? connected[0] ?? links[0];
    const carrier = pick?.[1] ?? null;
    if (carrier !== this.carrier) {
      this.carrier = carrier;
      this.meter = new QualityMeter();
      this.deps.onPeer?.(carrier?.pc ?? null);
    }
    this.deps.onRemoteStream(carrier?.remoteStream ?? null);
    this.deps.onMedia(carrier?.connected ?? false);
  }

  private async measure(): Promise<void> {
    const carrier = this.carrier;
    if (!carrier?.connected) return this.deps.onQuality(null);
    try {
      const quality = await this.meter.read(carrier.pc);
      if (carrier === this.carrier && !this.closed) this.deps.onQuality(quality);
    } catch {
      // A closed connection has no stats; the next round reads the next carrier.
    }
  }

  /**
   * A negotiation can stall (an offer crossed a join and was lost). The impolite side, whose offers
   * always win, starts afresh; the polite side meets a fresh peer with a fresh connection. A link that
   * is negotiated is only slow (a busy machine) or lost candidates: it keeps its connection and gets a
   * new ICE round every other check, since starting afresh would throw its progress away.
   */
  private watchStall(key: string, link: PeerLink, round = 0): void {
    if (this.polite) return;
    setTimeout(() => {
      if (this.closed || this.links.get(key) !== link || link.everConnected) return;
      if (!link.negotiated) {
        if (this.rebuilds >= STALL_REBUILDS) return;
        this.rebuilds += 1;
        this.link(key);
        return;
      }
      if (round % 2 === 1) link.restartIce();
      this.watchStall(key, link, round + 1);
    }, STALL_MS);
  }

  /** Back on /rtc after a drop: links whose audio did not survive get a new ICE round. */
  private onRejoined(frame: RoomJoinedFrame): void {
    if (this.closed) return;
    for (const link of this.links.values()) if (this.live && !link.connected) link.restartIce();
    for (const key of peerKeys(frame, this.otherId())) if (!this.links.has(key)) this.link(key);
    this.deps.onReconnected();
  }

  private sendTo(key: string, type: OutgoingType | "mute", data?: object): void {
    if (!this.call) return;
    // Their socket that left may be back under a new id: untargeted, it reaches them there too.
    const untargeted = !isConnectionKey(key) || this.departed.has(key);
    const target = untargeted ? {} : { targetConnectionId: key };
    this.socket?.send({ type, roomId: callRoomId(this.call.id), ...target, ...(data ? { data } : {}) });
  }

  private otherId(): number {
    const call = this.call;
    if (!call) return -1;
    return call.initiatorId === this.deps.userId ? call.receiverId : call.initiatorId;
  }
}
