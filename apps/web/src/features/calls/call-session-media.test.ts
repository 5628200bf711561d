import type { Call } from "@kindred/shared/calls";
import { describe, expect, it, vi } from "vitest";
import type { SignalInbound, SignallingSocket } from "../../lib/signalling-socket";
import { call, callStatusEvent } from "../../test/call-fixtures";
import { fakeTimersInEachTest } from "../../test/fake-clock";
import { CALL_ERRORS } from "./call-errors";
import { type CallApi, CallSession } from "./call-session";
import { PEER } from "./peer-link";

// The media side of a call with browser fakes: RTCPeerConnection, the microphone and the /rtc socket.

const ME = 1;
const THEM = 2;
const ACTIVE = { status: "active" as const, deadline: "2026-03-01T12:05:00.000Z" };

class FakeTrack {
  enabled = true;
  stop = vi.fn();
  private ended: (() => void) | null = null;
  constructor(readonly deviceId: string | null) {}
  addEventListener(_: string, fn: () => void) {
    this.ended = fn;
  }
  end() {
    this.ended?.();
  }
}

class FakePc {
  connectionState: RTCPeerConnectionState = "new";
  signalingState: RTCSignalingState = "stable";
  remoteDescription: object | null = null;
  localDescription: { type: string; sdp: string } | null = null;
  restarts = 0;
  stats: object[] = [];
  sender = {
    track: null as FakeTrack | null,
    replaceTrack: vi.fn(async (t: FakeTrack | null) => {
      this.sender.track = t;
    }),
  };
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON(): object } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  close = vi.fn();
  constructor(readonly config: RTCConfiguration) {}
  addTransceiver = vi.fn(() => ({ sender: this.sender }));
  async setLocalDescription() {}
  async setRemoteDescription() {}
  async addIceCandidate() {}
  async getStats() {
    return { forEach: (fn: (v: object) => void) => this.stats.forEach(fn) };
  }
  restartIce() {
    this.restarts += 1;
  }
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  candidate(candidate: string) {
    this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate }) } });
  }
}

function setup(opts: { live?: Call | null; peers?: string[]; mic?: "refused" } = {}) {
  const log: string[] = [];
  const sent: Array<Record<string, unknown>> = [];
  let listener: ((f: SignalInbound) => void) | null = null;
  let release: (() => void) | null = null;
  const socket = {
    connect: vi.fn(async () => void log.push("connect")),
    join: vi.fn(async (roomId: string) => {
      if (opts.peers === undefined) await new Promise<void>((r) => (release = r));
      const peers = (opts.peers ?? ["them-1"]).map((connectionId) => ({ userId: THEM, connectionId }));
      return { type: "room_joined" as const, roomId, participants: [ME, THEM], polite: false, peers };
    }),
    onFrame: (l: (f: SignalInbound) => void) => {
      listener = l;
      return () => {};
    },
    send: (f: Record<string, unknown>) => sent.push(f) > 0,
    close: vi.fn(),
  };
  const api = {
    getActive: vi.fn(async () => opts.live ?? null),
    get: vi.fn(async () => call(opts.live ?? {})),
    create: vi.fn(async () => {
      log.push("create");
      return call();
    }),
    update: vi.fn(async (_id: number, status: Call["status"]) => {
      log.push(`update ${status}`);
      return call({ ...ACTIVE, status });
    }),
    iceConfig: vi.fn(async () => ({ iceServers: [], iceTransportPolicy: "all" as const })),
  } satisfies CallApi;
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async (deviceId: string | null) => {
    log.push(`mic ${deviceId}`);
    if (opts.mic === "refused") throw Object.assign(new Error("denied"), { name: "NotAllowedError" });
    const track = new FakeTrack(deviceId);
    tracks.push(track);
    return { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
  });
  const pcs: FakePc[] = [];
  const onPeer = vi.fn();
  const session = new CallSession({
    matchId: 4,
    userId: ME,
    api,
    openSocket: () => socket as unknown as SignallingSocket,
    getUserMedia,
    createPeer: (config) => {
      const pc = new FakePc(config);
      pc.sender.replaceTrack.mockImplementation(async (t) => {
        log.push(`replaceTrack ${t ? "mic" : "none"}`);
        pc.sender.track = t;
      });
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    onPeer,
  });
  const push = async (frame: object) => {
    await listener?.(frame as SignalInbound);
    await vi.advanceTimersByTimeAsync(0);
  };
  const joinNow = async () => {
    release?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { session, api, socket, sent, log, pcs, tracks, getUserMedia, onPeer, push, joinNow };
}

const ringing = () => call({ initiatorId: THEM, receiverId: ME });

fakeTimersInEachTest();

describe("CallSession media: nobody is heard before Answer", () => {
  it("caller: microphone first, then the call; the line carries no audio until the server says active", async () => {
    const t = setup({ peers: ["them-1"] });
    await t.session.start();
    expect(t.log.slice(0, 2)).toEqual(["mic null", "create"]);
    expect(t.pcs).toHaveLength(1);
    expect(t.pcs[0]?.addTransceiver).toHaveBeenCalledWith("audio", { direction: "sendrecv" });
    expect(t.pcs[0]?.sender.track).toBeNull();
    t.session.handleStatusFrame(callStatusEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(t.pcs[0]?.sender.track).toBe(t.tracks[0]);
  });

  it("caller: a fetched record that says active also puts the microphone on", async () => {
    const t = setup({ peers: ["them-1"] });
    await t.session.start();
    t.api.get.mockResolvedValueOnce(call(ACTIVE));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.pcs[0]?.sender.track).toBe(t.tracks[0]);
  });

  it("caller: a refused microphone says so and never creates the call", async () => {
    const t = setup({ mic: "refused" });
    await t.session.start();
    expect(t.api.create).not.toHaveBeenCalled();
    expect(t.session.snapshot.state).toMatchObject({ error: CALL_ERRORS.micRefused, micBlocked: true });
  });

  it("receiver: ringing joins and links with no microphone; Answer opens it, puts it on, then PATCHes", async () => {
    const t = setup({ live: ringing(), peers: ["them-1"] });
    await t.session.start();
    expect(t.session.snapshot.state.phase).toBe("ringing");
    expect(t.socket.join).toHaveBeenCalled();
    expect(t.pcs).toHaveLength(1);
    expect(t.getUserMedia).not.toHaveBeenCalled();
    await t.session.answer();
    expect(t.log.slice(-3)).toEqual(["mic null", "replaceTrack mic", "update active"]);
    expect(t.session.snapshot.state.status).toBe("active");
  });

  it("receiver without a relay: keeps its candidates while ringing and sends them at Answer", async () => {
    const t = setup({ live: ringing(), peers: ["them-1"] });
    await t.session.start();
    t.pcs[0]?.candidate("candidate:1 1 udp 1 192.0.2.2 5000 typ host");
    expect(t.sent.filter((f) => f.type === "ice_candidate")).toEqual([]);
    await t.session.answer();
    // After the PATCH: while the call is pending the server would drop them anyway.
    expect(t.api.update).toHaveBeenCalledOnce();
    expect(t.sent.filter((f) => f.type === "ice_candidate")).toEqual([
      expect.objectContaining({ targetConnectionId: "them-1", data: { candidate: expect.any(Object) } }),
    ]);
  });

  it("Answer before the room is joined finishes joining first", async () => {
    const t = setup({ live: ringing() });
    void t.session.start();
    await vi.advanceTimersByTimeAsync(0);
    const answered = t.session.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.update).not.toHaveBeenCalled();
    await t.joinNow();
    await answered;
    expect(t.log.slice(-2)).toEqual(["replaceTrack mic", "update active"]);
  });

  it("a ringing tab that hears 'active' without Answer here closes its room at once", async () => {
    const t = setup({ live: ringing(), peers: ["them-1"] });
    await t.session.start();
    t.session.handleStatusFrame(callStatusEvent());
    expect(t.session.snapshot.state.phase).toBe("ended");
    expect(t.socket.close).toHaveBeenCalled();
    expect(t.pcs[0]?.close).toHaveBeenCalled();
    expect(t.getUserMedia).not.toHaveBeenCalled();
  });

  it("a ringing link that cannot connect is no failure", async () => {
    const t = setup({ live: ringing(), peers: ["them-1"] });
    await t.session.start();
    await vi.advanceTimersByTimeAsync(PEER.connectTimeoutMs * 2);
    expect(t.session.snapshot.state.phase).toBe("ringing");
    expect(t.pcs).toHaveLength(1);
  });
});

describe("CallSession media: links, reconnecting, mute, quality, devices", () => {
  it("links to each of their sockets while pending, addressed to that socket; one leaving closes its link", async () => {
    const t = setup({ peers: ["them-1", "them-2"] });
    await t.session.start();
    expect(t.pcs).toHaveLength(2);
    t.pcs[1]?.candidate("c");
    expect(t.sent.at(-1)).toMatchObject({ type: "ice_candidate", targetConnectionId: "them-2" });
    await t.push({ type: "participant_left", roomId: "call-11", userId: THEM, connectionId: "them-1" });
    expect(t.pcs[0]?.close).toHaveBeenCalled();
    expect(t.pcs[1]?.close).not.toHaveBeenCalled();
  });

  it("once active the newest link to connect wins, and onPeer reports the link carrying the call", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    expect(t.onPeer).toHaveBeenLastCalledWith(t.pcs[0]);
    await t.push({ type: "participant_joined", roomId: "call-11", userId: THEM, connectionId: "them-2" });
    expect(t.pcs).toHaveLength(2);
    expect(t.pcs[1]?.sender.track).toBe(t.tracks[0]);
    t.pcs[1]?.setState("connected");
    expect(t.pcs[0]?.close).toHaveBeenCalled();
    expect(t.onPeer).toHaveBeenLastCalledWith(t.pcs[1]);
  });

  it("their socket dropping mid-call leaves the audio alone; later frames reach their new socket", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    const pc = t.pcs[0] as FakePc;
    pc.setState("connected");
    await t.push({ type: "participant_left", roomId: "call-11", userId: THEM, connectionId: "them-1" });
    await t.push({ type: "participant_joined", roomId: "call-11", userId: THEM, connectionId: "them-9" });
    expect(t.pcs).toHaveLength(1);
    expect(pc.close).not.toHaveBeenCalled();
    t.sent.length = 0;
    pc.candidate("c");
    expect(t.sent.at(-1)).toMatchObject({ type: "ice_candidate" });
    expect(t.sent.at(-1)).not.toHaveProperty("targetConnectionId");
  });

  it("an active link whose offer went unanswered starts afresh; a negotiated one that is slow keeps its connection", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.pcs).toHaveLength(2);
    expect(t.pcs[0]?.close).toHaveBeenCalled();
    // Offer and answer through, ICE still checking (a busy machine): no new connection, only a new ICE round.
    const pc = t.pcs[1] as FakePc;
    Object.assign(pc, { remoteDescription: { type: "answer", sdp: "" }, signalingState: "stable" });
    await vi.advanceTimersByTimeAsync(5_000 * 4);
    expect(t.pcs).toHaveLength(2);
    expect(pc.close).not.toHaveBeenCalled();
    expect(pc.restarts).toBe(2);
  });

  it("media down during an active call: Reconnecting, ICE restarts every 4 s, never an error", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    const pc = t.pcs[0] as FakePc;
    pc.setState("connected");
    expect(t.session.snapshot.state).toMatchObject({ phase: "connected", mediaConnected: true });
    pc.setState("disconnected");
    expect(t.session.snapshot.state).toMatchObject({ phase: "connected", mediaConnected: false });
    await vi.advanceTimersByTimeAsync(PEER.restartAfterDisconnectMs + PEER.restartEveryMs * 15);
    expect(pc.restarts).toBe(16);
    expect(t.session.snapshot.state.error).toBeNull();
  });

  it("mute is relayed, re-sent when a link connects, and theirs shows as peerMuted", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    t.session.toggleMute();
    expect(t.tracks[0]?.enabled).toBe(false);
    expect(t.sent.at(-1)).toMatchObject({
      type: "mute",
      targetConnectionId: "them-1",
      data: { muted: true },
    });
    t.sent.length = 0;
    t.pcs[0]?.setState("connected");
    expect(t.sent).toContainEqual(expect.objectContaining({ type: "mute", data: { muted: true } }));
    await t.push({
      type: "mute",
      roomId: "call-11",
      fromUserId: THEM,
      fromConnectionId: "them-1",
      data: { muted: true },
    });
    expect(t.session.snapshot.peerMuted).toBe(true);
  });

  it("measures the connection every 2 s into snapshot.quality", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    const pc = t.pcs[0] as FakePc;
    pc.setState("connected");
    pc.stats = [{ type: "candidate-pair", state: "succeeded", nominated: true, currentRoundTripTime: 0.5 }];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.session.snapshot.quality).toBe("poor");
    pc.stats = [{ type: "candidate-pair", state: "succeeded", nominated: true, currentRoundTripTime: 0.05 }];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.session.snapshot.quality).toBe("good");
  });

  it("another microphone replaces the one on the line; an unplugged one falls back to the default", async () => {
    const t = setup({ live: call(ACTIVE), peers: ["them-1"] });
    await t.session.start();
    await t.session.setInputDevice("usb");
    expect(t.getUserMedia).toHaveBeenLastCalledWith("usb");
    expect(t.pcs[0]?.sender.track).toBe(t.tracks[1]);
    expect(t.tracks[0]?.stop).toHaveBeenCalled();
    expect(t.session.snapshot.localStream?.getAudioTracks()[0]).toBe(t.tracks[1]);
    t.tracks[1]?.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.getUserMedia).toHaveBeenLastCalledWith(null);
    expect(t.pcs[0]?.sender.track).toBe(t.tracks[2]);
    expect(t.session.snapshot.state.phase).not.toBe("error");
  });
});
