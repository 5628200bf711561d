import { CALL_ERRORS } from "./call-errors";

/** SPEC §9 and RESEARCH §2: restart ICE after 2 s 'disconnected' and at once on 'failed'. */
export const PEER = {
  restartAfterDisconnectMs: 2_000,
  maxRestarts: 3,
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
  localStream: MediaStream;
  send: (type: OutgoingType, data?: object) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onConnected: (connected: boolean) => void;
  onFatal: (message: string) => void;
}

/**
 * One RTCPeerConnection with the perfect-negotiation pattern (W3C webrtc-pc, MDN): both sides run
 * the same code; on an offer collision the impolite side ignores the other's offer and the polite
 * side rolls back. Candidates trickle out as found (never waiting for gathering) and incoming ones
 * wait until there is a remote description to add them to.
 */
export class PeerLink {
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  private queued: RTCIceCandidateInit[] = [];
  private restarts = 0;
  private closed = false;
  private disconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private everConnected = false;

  constructor(private readonly deps: PeerLinkDeps) {
    const { pc, localStream } = deps;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) deps.send("ice_candidate", { candidate: candidate.toJSON() });
      else deps.send("ice_complete");
    };
    pc.ontrack = (event) => deps.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    pc.onconnectionstatechange = () => this.onStateChange();
    for (const track of localStream.getTracks()) pc.addTrack(track, localStream);
    this.connectTimer = setTimeout(() => {
      if (!this.everConnected && !this.closed) deps.onFatal(CALL_ERRORS.connectionFailed);
    }, PEER.connectTimeoutMs);
  }

  get pc(): RTCPeerConnection {
    return this.deps.pc;
  }

  get connected(): boolean {
    return this.deps.pc.connectionState === "connected";
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
      await pc.setRemoteDescription(description);
    } catch {
      throw new NegotiationError(failed, description.type === "offer" && hadPeer);
    } finally {
      this.settingAnswer = false;
    }
    await this.flushCandidates();
    if (description.type !== "offer") return;
    try {
      await pc.setLocalDescription();
    } catch {
      throw new NegotiationError(CALL_ERRORS.handleOffer, false);
    }
    this.sendLocalDescription();
  }

  async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (this.deps.pc.remoteDescription === null) {
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
    if (this.closed) return;
    if (this.restarts >= PEER.maxRestarts) {
      this.deps.onFatal(CALL_ERRORS.connectionFailedRepeatedly);
      return;
    }
    this.restarts += 1;
    this.deps.pc.restartIce();
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
    this.deps.send(local.type, { sdp: { type: local.type, sdp: local.sdp } });
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
      this.everConnected = true;
      this.restarts = 0;
      this.clearTimers();
      this.deps.onConnected(true);
      return;
    }
    if (state === "disconnected") {
      this.deps.onConnected(false);
      if (this.disconnectTimer) return;
      this.disconnectTimer = setTimeout(() => {
        this.disconnectTimer = null;
        if (this.deps.pc.connectionState === "disconnected") this.restartIce();
      }, PEER.restartAfterDisconnectMs);
      return;
    }
    if (state === "failed") {
      this.deps.onConnected(false);
      this.restartIce();
    }
  }

  private clearTimers(): void {
    if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.disconnectTimer = null;
    this.connectTimer = null;
  }
}
