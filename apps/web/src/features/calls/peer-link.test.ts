import { describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../../test/fake-clock";
import { FakePc } from "../../test/fake-peer";
import { CALL_ERRORS } from "./call-errors";
import { PEER, PeerLink, withoutCandidates } from "./peer-link";

function make(polite: boolean, holdCandidates = false, awaitOffer = false) {
  const pc = new FakePc();
  const sent: Array<{ type: string; data?: object }> = [];
  const onFatal = vi.fn();
  const onConnected = vi.fn();
  const link = new PeerLink({
    pc: pc as unknown as RTCPeerConnection,
    polite,
    holdCandidates,
    awaitOffer,
    send: (type, data) => sent.push({ type, data }),
    onRemoteStream: () => {},
    onConnected,
    onFatal,
  });
  return { pc, link, sent, onFatal, onConnected };
}

const offer = { type: "offer" as const, sdp: "their-offer" };

fakeTimersInEachTest();

const LOCAL = (type: string) => `v=0\r\na=candidate:1 1 udp 1 192.0.2.2 5000 typ host\r\na=${type}`;

describe("PeerLink (track-less transceiver, perfect negotiation, trickle ICE, ICE restart)", () => {
  it("negotiates a send-and-receive audio line with no track, and offers when needed", async () => {
    const { pc, sent } = make(false);
    expect(pc.addTransceiver).toHaveBeenCalledWith("audio", { direction: "sendrecv" });
    expect(pc.addTrack).not.toHaveBeenCalled();
    expect(pc.sender.track).toBeNull();
    pc.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ type: "offer", data: { sdp: { type: "offer", sdp: LOCAL("offer") } } }]);
  });

  it("puts the microphone on the line with replaceTrack, never a new negotiation", async () => {
    const { pc, link, sent } = make(false);
    const track = { id: "mic" } as unknown as MediaStreamTrack;
    await link.attach(track);
    expect(pc.sender.replaceTrack).toHaveBeenCalledWith(track);
    expect(pc.sender.track).toBe(track);
    expect(sent).toEqual([]);
  });

  it("answering an offer, sends on the offer's own audio line (addTransceiver's is never reused)", async () => {
    const { pc, link } = make(true);
    const offered = {
      mid: "0",
      direction: "recvonly",
      currentDirection: null,
      receiver: { track: { kind: "audio" } },
      sender: { track: null, replaceTrack: vi.fn(async () => {}) },
    };
    const own = pc.transceiver;
    Object.assign(pc, { getTransceivers: () => [own, offered] });
    const track = { id: "mic" } as unknown as MediaStreamTrack;
    await link.attach(track);
    await link.handleDescription(offer);
    expect(offered.direction).toBe("sendrecv");
    expect(offered.sender.replaceTrack).toHaveBeenCalledWith(track);
    expect(own.stop).toHaveBeenCalled();
  });

  it("awaiting the offer (a ringing receiver): no audio line of its own, then answers on the offer's", async () => {
    const { pc, link, sent } = make(true, false, true);
    expect(pc.addTransceiver).not.toHaveBeenCalled();
    const track = { id: "mic" } as unknown as MediaStreamTrack;
    await link.attach(track);
    link.restartIce();
    expect(pc.restarts).toBe(0);
    const offered = {
      mid: "0",
      direction: "recvonly",
      currentDirection: null,
      receiver: { track: { kind: "audio" } },
      sender: { track: null, replaceTrack: vi.fn(async () => {}) },
    };
    Object.assign(pc, { getTransceivers: () => [offered] });
    await link.handleDescription(offer);
    expect(offered.direction).toBe("sendrecv");
    expect(offered.sender.replaceTrack).toHaveBeenCalledWith(track);
    expect(sent.map((f) => f.type)).toEqual(["answer"]);
    expect(link.negotiated).toBe(true);
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

  it("holding: keeps its candidates and strips them from its SDP until release()", async () => {
    const { pc, link, sent } = make(true, true);
    await link.handleDescription(offer);
    pc.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: "c1", sdpMid: "0" }) } });
    pc.onicecandidate?.({ candidate: null });
    expect(sent).toEqual([{ type: "answer", data: { sdp: { type: "answer", sdp: "v=0\r\na=answer" } } }]);
    link.release();
    expect(sent.slice(1)).toEqual([
      { type: "ice_candidate", data: { candidate: { candidate: "c1", sdpMid: "0" } } },
      { type: "ice_complete", data: undefined },
    ]);
    pc.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: "c2" }) } });
    expect(sent.at(-1)).toEqual({ type: "ice_candidate", data: { candidate: { candidate: "c2" } } });
  });

  it("holding: tries none of the caller's candidates (a check would show them its address) until release()", async () => {
    const { pc, link } = make(true, true);
    const theirs =
      "v=0\r\nm=audio 7000 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 198.51.100.4\r\na=candidate:9 1 udp 1 198.51.100.4 7000 typ host\r\na=mid:0";
    await link.handleDescription({ type: "offer", sdp: theirs });
    expect(pc.remoteDescription?.sdp).not.toContain("198.51.100.4");
    await link.addCandidate({
      candidate: "candidate:8 1 udp 1 198.51.100.4 7001 typ host",
      sdpMLineIndex: 0,
    });
    expect(pc.added).toEqual([]);
    link.release();
    await vi.waitFor(() => expect(pc.added).toHaveLength(2));
    expect(pc.added.map((c) => c.candidate)).toEqual([
      "candidate:9 1 udp 1 198.51.100.4 7000 typ host",
      "candidate:8 1 udp 1 198.51.100.4 7001 typ host",
    ]);
  });

  it("an SDP stripped while holding keeps no address or port", () => {
    const sdp =
      "v=0\r\nm=audio 5000 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 192.0.2.2\r\na=rtcp:5001 IN IP4 192.0.2.2\r\na=candidate:1 1 udp 1 192.0.2.2 5000 typ host\r\na=mid:0";
    expect(withoutCandidates(sdp)).toBe(
      "v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=rtcp:9 IN IP4 0.0.0.0\r\na=mid:0",
    );
  });

  it("queues candidates until the remote description is set", async () => {
    const { pc, link, sent } = make(true);
    await link.addCandidate({ candidate: "early" });
    expect(pc.added).toEqual([]);
    await link.handleDescription(offer);
    expect(pc.added).toEqual([{ candidate: "early" }]);
    expect(sent.at(-1)).toEqual({ type: "answer", data: { sdp: { type: "answer", sdp: LOCAL("answer") } } });
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

  it("while the call only rings, a link that cannot connect is no failure", async () => {
    const { onFatal, pc } = make(false);
    pc.setState("connecting");
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs * 2);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it("once active, fails with 'Connection failed' when it never connects within 30 s", async () => {
    const { onFatal, pc, link } = make(false);
    pc.setState("connecting");
    link.activate();
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs - 1);
    expect(onFatal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onFatal).toHaveBeenCalledWith(CALL_ERRORS.connectionFailed);
  });

  it("media down during an active call: ICE restart after 2 s, then every 4 s, never giving up", async () => {
    const { pc, link, onConnected, onFatal } = make(false);
    link.activate();
    pc.setState("connected");
    expect(onConnected).toHaveBeenLastCalledWith(true);
    pc.setState("disconnected");
    expect(onConnected).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(PEER.restartAfterDisconnectMs - 1);
    expect(pc.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pc.restarts).toBe(1);
    pc.setState("failed");
    await vi.advanceTimersByTimeAsync(PEER.restartEveryMs * 10);
    expect(pc.restarts).toBe(11);
    expect(onFatal).not.toHaveBeenCalled();
    pc.setState("connected");
    await vi.advanceTimersByTimeAsync(PEER.restartEveryMs * 3);
    expect(pc.restarts).toBe(11);
  });

  it("a drop while the call is not active (ringing) restarts nothing", async () => {
    const { pc } = make(false);
    pc.setState("connected");
    pc.setState("disconnected");
    await vi.advanceTimersByTimeAsync(PEER.restartEveryMs * 3);
    expect(pc.restarts).toBe(0);
  });

  it("a first try that fails gets a new ICE round, ringing or active, until it connects", async () => {
    for (const active of [false, true]) {
      const { pc, link } = make(false);
      if (active) link.activate();
      pc.setState("connecting");
      pc.setState("failed");
      await vi.advanceTimersByTimeAsync(PEER.restartAfterDisconnectMs);
      expect(pc.restarts).toBe(1);
      await vi.advanceTimersByTimeAsync(PEER.restartEveryMs);
      expect(pc.restarts).toBe(2);
      pc.setState("connected");
      await vi.advanceTimersByTimeAsync(PEER.restartEveryMs * 3);
      expect(pc.restarts).toBe(2);
      link.close();
    }
  });

  it("holding its candidates (ringing, no relay), a failed link waits for Answer", async () => {
    const { pc } = make(true, true);
    pc.setState("failed");
    await vi.advanceTimersByTimeAsync(PEER.restartEveryMs * 3);
    expect(pc.restarts).toBe(0);
  });

  it("closes the connection and goes quiet", async () => {
    const { pc, link, onFatal } = make(false);
    link.activate();
    link.close();
    expect(pc.close).toHaveBeenCalled();
    expect(pc.onconnectionstatechange).toBeNull();
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs);
    expect(onFatal).not.toHaveBeenCalled();
  });
});
