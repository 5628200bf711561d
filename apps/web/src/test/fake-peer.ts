import { vi } from "vitest";

/** Just enough of RTCPeerConnection to drive the negotiation logic by hand. */
export class FakePc {
  signalingState: RTCSignalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  remoteDescription: { type: string; sdp: string } | null = null;
  localDescription: { type: string; sdp: string } | null = null;
  added: RTCIceCandidateInit[] = [];
  restarts = 0;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON(): object } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  sender = {
    track: null as unknown,
    replaceTrack: vi.fn(async (t: unknown) => {
      this.sender.track = t;
    }),
  };
  transceiver = { mid: null, sender: this.sender, stop: vi.fn() };
  addTransceiver = vi.fn(() => this.transceiver);
  addTrack = vi.fn();
  close = vi.fn();
  async setLocalDescription() {
    const type = this.signalingState === "have-remote-offer" ? "answer" : "offer";
    this.localDescription = {
      type,
      sdp: `v=0\r\na=candidate:1 1 udp 1 192.0.2.2 5000 typ host\r\na=${type}`,
    };
    this.signalingState = type === "offer" ? "have-local-offer" : "stable";
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remoteDescription = d;
    this.signalingState = d.type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate(c: RTCIceCandidateInit) {
    this.added.push(c);
  }
  restartIce() {
    this.restarts += 1;
  }
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}
