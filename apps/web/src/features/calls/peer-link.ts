import { CALL_ERRORS } from "./call-errors";

/** SPEC §9 and RESEARCH §2: restart ICE after 2 s of a media drop, then every 4 s while it stays down. */
export const PEER = {
  restartAfterDisconnectMs: 2_000,
  restartEveryMs: 4_000,
  connectTimeoutMs: 30_000,
} as const;

export type OutgoingType = "offer" | "answer" | "ice_candidate" | "ice_complete";

export interface SessionDescription {
  type: "offer" | "answer";
  sdp: string;
}

/** A negotiation step that could not be applied, in SPEC §8's words. */
export class NegotiationError extends Error {
  constructor(
    message: string,
    /** An offer arrived for a connection that already had a peer: the other side may be a new page. */
    readonly freshPeer: boolean,
  ) {
    super(message);
    this.name = "NegotiationError";
  }
}

export interface PeerLinkDeps {
  pc: RTCPeerConnection;
  /** From `room_joined`: the receiver yields when both sides offer at once. */
  polite: boolean;
  /**
   * A ringing receiver without a relay keeps its candidates to itself (and cuts them from its SDP)
   * until release(), and holds the caller's too: a connectivity check it sent would show the caller
   * its address (as a peer-reflexive candidate).
   */
  holdCandidates?: boolean;
  /**
   * Adds no audio line of its own and waits for the other side's offer: a ringing receiver does, so
   * the two never offer at once (a collision costs a second round trip, more on a busy machine).
   */
  awaitOffer?: boolean;
  send: (type: OutgoingType, data?: object) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onConnected: (connected: boolean) => void;
  onFatal: (message: string) => void;
}

/**
 * SDP with no trace of where this side is: candidate lines out, and the default address and port
 * (c=, a=rtcp, the m= port) set to the "none yet" values of RFC 8839 §4.2.1.
 */
export function withoutCandidates(sdp: string): string {
  return sdp
    .split("\r\n")
    .filter((line) => !line.startsWith("a=candidate:"))
    .map((line) => {
      if (line.startsWith("c=IN ")) return "c=IN IP4 0.0.0.0";
      if (line.startsWith("a=rtcp:")) return "a=rtcp:9 IN IP4 0.0.0.0";
      if (line.startsWith("m=")) return line.replace(/^(m=\S+ )\d+/, "$19");
      return line;
    })
    .join("\r\n");
}

/**
 * One RTCPeerConnection with the perfect-negotiation pattern (W3C webrtc-pc, MDN). Its audio
 * transceiver starts with no track: nothing is sent until attach() (RESEARCH §5.3), so it can be
 * negotiated while the call still rings. Timeouts and ICE restarts count only once activate()d.
 */
export class PeerLink {
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  private queued: RTCIceCandidateInit[] = [];
  private held: Array<{ type: OutgoingType; data?: object }> | null;
  private closed = false;
  private live = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private hasConnected = false;
  private remote: MediaStream | null = null;
  private transceiver: RTCRtpTransceiver | null = null;
  private track: MediaStreamTrack | null = null;

  constructor(private readonly deps: PeerLinkDeps) {
    const { pc } = deps;
    this.held = deps.holdCandidates ? [] : null;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.sendCandidate("ice_candidate", { candidate: candidate.toJSON() });
      else this.sendCandidate("ice_complete");
    };
    pc.ontrack = (event) => {
      this.remote = event.streams[0] ?? new MediaStream([event.track]);
      deps.onRemoteStream(this.remote);
    };
    pc.onconnectionstatechange = () => this.onStateChange();
    if (!deps.awaitOffer) this.transceiver = pc.addTransceiver("audio", { direction: "sendrecv" });
  }

  get pc(): RTCPeerConnection {
    return this.deps.pc;
  }

  get connected(): boolean {
    return this.deps.pc.connectionState === "connected";
  }

  /** Offer and answer are through: what is left to connect is ICE's. */
  get negotiated(): boolean {
    const { pc } = this.deps;
    return pc.signalingState === "stable" && pc.remoteDescription !== null;
  }

  /** Connected at least once: a later drop is mended by ICE restarts, not a new connection. */
  get everConnected(): boolean {
    return this.hasConnected;
  }

  get remoteStream(): MediaStream | null {
    return this.remote;
  }

  /** Puts the microphone on the line (or takes it off) without a new negotiation. */
  async attach(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    const sender = this.transceiver?.sender;
    if (this.closed || !sender || sender.track === track) return;
    await sender.replaceTrack(track);
  }

  /** Answered: the candidates kept back go out now. */
  release(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    for (const { type, data } of held) this.deps.send(type, data);
    void this.flushCandidates();
  }

  /** The call is active: from now on a link that does not connect, or drops, is worked on. */
  activate(): void {
    if (this.live || this.closed) return;
    this.live = true;
    if (!this.hasConnected) {
      this.connectTimer = setTimeout(() => {
        if (!this.hasConnected && !this.closed) this.deps.onFatal(CALL_ERRORS.connectionFailed);
      }, PEER.connectTimeoutMs);
    } else if (!this.connected) {
      this.scheduleRestart(PEER.restartAfterDisconnectMs);
    }
  }

  async handleDescription(description: SessionDescription): Promise<void> {
    const { pc, polite } = this.deps;
    const hadPeer = pc.remoteDescription !== null;
    const readyForOffer = !this.makingOffer && (pc.signalingState === "stable" || this.settingAnswer);
    const collision = description.type === "offer" && !readyForOffer;
    this.ignoreOffer = !polite && collision;
    if (this.ignoreOffer) return;
    if (description.type === "answer" && pc.signalingState === "stable") return; // a late duplicate
    const failed = description.type === "offer" ? CALL_ERRORS.handleOffer : CALL_ERRORS.handleAnswer;
    this.settingAnswer = description.type === "answer";
    try {
      await pc.setRemoteDescription(this.held ? this.holdingCandidatesOf(description) : description);
    } catch {
      throw new NegotiationError(failed, description.type === "offer" && hadPeer);
    } finally {
      this.settingAnswer = false;
    }
    await this.flushCandidates();
    if (description.type !== "offer") return;
    this.adoptOfferedAudio();
    try {
      await pc.setLocalDescription();
    } catch {
      throw new NegotiationError(CALL_ERRORS.handleOffer, false);
    }
    this.sendLocalDescription();
  }

  async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (this.deps.pc.remoteDescription === null || this.held) {
      this.queued.push(candidate);
      return;
    }
    try {
      await this.deps.pc.addIceCandidate(candidate);
    } catch (err) {
      // Candidates of an offer we chose to ignore are expected to fail; others are worth a note only.
      if (!this.ignoreOffer) console.warn("ICE candidate not added", err);
    }
  }

  /** A new ICE round (new ufrag): the path changed or broke. The deadline never moves for it. */
  restartIce(): void {
    // A link still awaiting its first offer has no ICE round to restart.
    if (!this.closed && this.transceiver) this.deps.pc.restartIce();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    const { pc } = this.deps;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  /**
   * An offer's audio line gets a transceiver of its own: one made by addTransceiver is never reused
   * for it (RFC 8829 §5.10 reuses only addTrack's). So that one carries the call, sending too.
   */
  private adoptOfferedAudio(): void {
    const offered = this.deps.pc
      .getTransceivers?.()
      .find((t) => t.mid !== null && t.receiver.track?.kind === "audio" && t.currentDirection !== "stopped");
    if (!offered || offered === this.transceiver) return;
    offered.direction = "sendrecv";
    if (this.transceiver?.mid === null) this.transceiver.stop();
    this.transceiver = offered;
    if (this.track) void offered.sender.replaceTrack(this.track);
  }

  private sendCandidate(type: OutgoingType, data?: object): void {
    if (this.held) this.held.push({ type, data });
    else this.deps.send(type, data);
  }

  private async negotiate(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.deps.pc.setLocalDescription();
      this.sendLocalDescription();
    } catch {
      if (!this.closed) this.deps.onFatal(CALL_ERRORS.createOffer);
    } finally {
      this.makingOffer = false;
    }
  }

  private sendLocalDescription(): void {
    const local = this.deps.pc.localDescription;
    if (this.closed || !local || (local.type !== "offer" && local.type !== "answer")) return;
    const sdp = this.held ? withoutCandidates(local.sdp) : local.sdp;
    this.deps.send(local.type, { sdp: { type: local.type, sdp } });
  }

  /** The description without its candidates, which wait with the trickled ones for release(). */
  private holdingCandidatesOf(description: SessionDescription): SessionDescription {
    const lines = description.sdp.split("\r\n").filter((line) => line.startsWith("a=candidate:"));
    for (const line of lines) this.queued.push({ candidate: line.slice(2), sdpMLineIndex: 0 });
    return { type: description.type, sdp: withoutCandidates(description.sdp) };
  }

  private async flushCandidates(): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    for (const candidate of queued) await this.addCandidate(candidate);
  }

  private onStateChange(): void {
    if (this.closed) return;
    const state = this.deps.pc.connectionState;
    if (state === "connected") {
      this.hasConnected = true;
      this.clearTimers();
      this.deps.onConnected(true);
      return;
    }
    if (state === "disconnected" || state === "failed") {
      this.deps.onConnected(false);
      // A drop may mend itself; a failed link (every check timed out, first try too) gets new rounds.
      if ((this.live && this.hasConnected) || (state === "failed" && !this.held))
        this.scheduleRestart(PEER.restartAfterDisconnectMs);
    }
  }

  /** While media is down: a restart after 2 s, then every 4 s, never giving up (close() stops it). */
  private scheduleRestart(delayMs: number): void {
    if (this.restartTimer || this.closed) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closed || this.connected) return;
      this.restartIce();
      this.scheduleRestart(PEER.restartEveryMs);
    }, delayMs);
  }

  private clearTimers(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.restartTimer = null;
    this.connectTimer = null;
  }
}
