import { describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../../test/fake-clock";
import { CALL_ERRORS } from "./call-errors";
import { PEER, PeerLink } from "./peer-link";

/** Just enough of RTCPeerConnection to drive the negotiation logic by hand. */
class FakePc {
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
  addTrack = vi.fn();
  close = vi.fn();
  async setLocalDescription() {
    const type = this.signalingState === "have-remote-offer" ? "answer" : "offer";
    this.localDescription = { type, sdp: `local-${type}` };
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

function make(polite: boolean) {
  const pc = new FakePc();
  const sent: Array<{ type: string; data?: object }> = [];
  const onFatal = vi.fn();
  const onConnected = vi.fn();
  const track = {};
  const link = new PeerLink({
    pc: pc as unknown as RTCPeerConnection,
    polite,
    localStream: { getTracks: () => [track] } as unknown as MediaStream,
    send: (type, data) => sent.push({ type, data }),
    onRemoteStream: () => {},
    onConnected,
    onFatal,
  });
  return { pc, link, sent, onFatal, onConnected };
}

const offer = { type: "offer" as const, sdp: "their-offer" };

fakeTimersInEachTest();

describe("PeerLink (perfect negotiation, trickle ICE, ICE restart)", () => {
  it("adds the microphone and offers when negotiation is needed", async () => {
    const { pc, sent } = make(false);
    expect(pc.addTrack).toHaveBeenCalledOnce();
    pc.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ type: "offer", data: { sdp: { type: "offer", sdp: "local-offer" } } }]);
  });

  it("trickles candidates as found and says when gathering is over", () => {
    const { pc, sent } = make(false);
    pc.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: "c1", sdpMid: "0" }) } });
    pc.onicecandidate?.({ candidate: null });
    expect(sent).toEqual([
      { type: "ice_candidate", data: { candidate: { candidate: "c1", sdpMid: "0" } } },
      { type: "ice_complete", data: undefined },
    ]);
  });

  it("queues candidates until the remote description is set", async () => {
    const { pc, link, sent } = make(true);
    await link.addCandidate({ candidate: "early" });
    expect(pc.added).toEqual([]);
    await link.handleDescription(offer);
    expect(pc.added).toEqual([{ candidate: "early" }]);
    expect(sent.at(-1)).toEqual({ type: "answer", data: { sdp: { type: "answer", sdp: "local-answer" } } });
  });

  it("on a collision the impolite side ignores the other's offer and the polite side takes it", async () => {
    const impolite = make(false);
    impolite.pc.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(0);
    await impolite.link.handleDescription(offer);
    expect(impolite.pc.remoteDescription).toBeNull();
    expect(impolite.pc.signalingState).toBe("have-local-offer");

    const polite = make(true);
    polite.pc.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(0);
    await polite.link.handleDescription(offer);
    expect(polite.pc.remoteDescription).toEqual(offer);
    expect(polite.sent.at(-1)?.type).toBe("answer");
  });

  it("restarts ICE after 2 s of 'disconnected', not before, and not if it came back", async () => {
    const { pc, onConnected } = make(false);
    pc.setState("connected");
    expect(onConnected).toHaveBeenLastCalledWith(true);
    pc.setState("disconnected");
    await vi.advanceTimersByTimeAsync(PEER.restartAfterDisconnectMs - 1);
    expect(pc.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pc.restarts).toBe(1);
    pc.setState("connected");
    pc.setState("disconnected");
    pc.setState("connected");
    await vi.advanceTimersByTimeAsync(PEER.restartAfterDisconnectMs);
    expect(pc.restarts).toBe(1);
  });

  it("restarts at once on 'failed', and gives up after three restarts that did not help", async () => {
    const { pc, onFatal } = make(false);
    pc.setState("connected");
    for (let i = 1; i <= PEER.maxRestarts; i++) {
      pc.setState("failed");
      expect(pc.restarts).toBe(i);
    }
    pc.setState("failed");
    expect(onFatal).toHaveBeenCalledWith(CALL_ERRORS.connectionFailedRepeatedly);
  });

  it("fails with 'Connection failed' when it never connects within 30 s", async () => {
    const { onFatal, pc } = make(false);
    pc.setState("connecting");
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs);
    expect(onFatal).toHaveBeenCalledWith(CALL_ERRORS.connectionFailed);
  });

  it("closes the connection and goes quiet", async () => {
    const { pc, link, onFatal } = make(false);
    link.close();
    expect(pc.close).toHaveBeenCalled();
    expect(pc.onconnectionstatechange).toBeNull();
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs);
    expect(onFatal).not.toHaveBeenCalled();
  });
});
