import type { Call } from "@kindred/shared/calls";
import { describe, expect, it, vi } from "vitest";
import type { SignalInbound, SignallingSocket } from "../../lib/signalling-socket";
import { call, callStatusEvent } from "../../test/call-fixtures";
import { fakeTimersInEachTest } from "../../test/fake-clock";
import { CALL_ERRORS } from "./call-errors";
import { type CallApi, CallSession } from "./call-session";

// The call page's flow without a browser: a fake API, socket and microphone. Media (the peer
// connection) is covered by the browser test; here the other person never joins the room.

const ME = 1;
const THEM = 2;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function fakeSocket() {
  const sent: object[] = [];
  let listener: ((f: SignalInbound) => void) | null = null;
  const socket = {
    connect: vi.fn(async () => {}),
    join: vi.fn(async (roomId: string) => ({ type: "room_joined" as const, roomId, participants: [ME] })),
    onFrame: (l: (f: SignalInbound) => void) => {
      listener = l;
      return () => {};
    },
    send: (f: object) => sent.push(f) > 0,
    close: vi.fn(),
  };
  return { socket, sent, push: (f: SignalInbound) => listener?.(f) };
}

function setup(opts: { live?: Call | null; answerCallId?: number | null; mic?: "ok" | "refused" } = {}) {
  const track = { stop: vi.fn(), enabled: true };
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
  const api = {
    getActive: vi.fn(async () => opts.live ?? null),
    get: vi.fn(async () => call()),
    create: vi.fn(async () => call()),
    update: vi.fn(async (_id: number, status: Call["status"]) => call({ status })),
    iceConfig: vi.fn(async () => ({ iceServers: [], iceTransportPolicy: "all" as const })),
  } satisfies CallApi;
  const fake = fakeSocket();
  const getUserMedia = vi.fn(async () => {
    if (opts.mic === "refused") throw Object.assign(new Error("denied"), { name: "NotAllowedError" });
    return stream;
  });
  const session = new CallSession({
    matchId: 4,
    userId: ME,
    answerCallId: opts.answerCallId ?? null,
    api,
    openSocket: () => fake.socket as unknown as SignallingSocket,
    getUserMedia,
    createPeer: () => {
      throw new Error("no peer in these tests");
    },
  });
  return { session, api, fake, track, getUserMedia };
}

fakeTimersInEachTest();

describe("CallSession", () => {
  it("with no live call, gets the microphone, creates the call, joins its room and rings out", async () => {
    const { session, api, fake } = setup();
    await session.start();
    expect(api.create).toHaveBeenCalledWith(4);
    expect(fake.socket.join).toHaveBeenCalledWith("call-11", 11);
    expect(session.snapshot.state).toMatchObject({ phase: "ringing", role: "caller" });
  });

  it("a refused microphone fails before any call is created, and says how to allow it", async () => {
    const { session, api } = setup({ mic: "refused" });
    await session.start();
    expect(api.create).not.toHaveBeenCalled();
    expect(session.snapshot.state).toMatchObject({
      phase: "error",
      error: CALL_ERRORS.micRefused,
      micBlocked: true,
    });
  });

  it("past the daily limit shows the server's sentence", async () => {
    const { session, api, track } = setup();
    const sentence = "You've started all 2 calls your Free plan allows today.";
    api.create.mockRejectedValueOnce(new HttpFailure(429, sentence));
    await session.start();
    expect(session.snapshot.state).toMatchObject({ phase: "error", error: sentence, limitReached: true });
    expect(track.stop).toHaveBeenCalled();
  });

  it("a call ringing for me rings; Answer joins the room before answering", async () => {
    const { session, api, fake } = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await session.start();
    expect(session.snapshot.state).toMatchObject({ phase: "ringing", role: "receiver" });
    expect(fake.socket.connect).not.toHaveBeenCalled();
    await session.answer();
    expect(fake.socket.join).toHaveBeenCalled();
    expect(api.update).toHaveBeenCalledWith(11, "active");
    expect(session.snapshot.state.status).toBe("active");
  });

  it("?answer= answers at once, and never dials back when that call is gone", async () => {
    const ringing = setup({ live: call({ initiatorId: THEM, receiverId: ME }), answerCallId: 11 });
    await ringing.session.start();
    expect(ringing.api.update).toHaveBeenCalledWith(11, "active");
    const gone = setup({ live: null, answerCallId: 11 });
    await gone.session.start();
    expect(gone.api.create).not.toHaveBeenCalled();
    expect(gone.session.snapshot.state).toMatchObject({ phase: "error", error: CALL_ERRORS.noActiveCall });
  });

  it("joins a live call instead of starting another", async () => {
    const { session, api } = setup({
      live: call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" }),
    });
    await session.start();
    expect(api.create).not.toHaveBeenCalled();
    expect(session.snapshot.state).toMatchObject({ phase: "connecting", status: "active" });
  });

  it("Reject declines the ringing call; Cancel Call cancels mine", async () => {
    const incoming = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await incoming.session.start();
    await incoming.session.reject();
    expect(incoming.api.update).toHaveBeenCalledWith(11, "rejected");
    expect(incoming.session.snapshot.state.phase).toBe("ended");
    const outgoing = setup();
    await outgoing.session.start();
    await outgoing.session.hangUp();
    expect(outgoing.api.update).toHaveBeenCalledWith(11, "cancelled");
    expect(outgoing.fake.socket.close).toHaveBeenCalled();
  });

  it("a decline reaches the caller as 'missed': not answered", async () => {
    const { session } = setup();
    await session.start();
    session.handleStatusFrame(callStatusEvent({ status: "missed", reason: "missed", deadlineAt: null }));
    expect(session.snapshot.state).toMatchObject({ phase: "ended", notAnswered: true });
  });

  it("takes the deadline and clock offset from the server's news, whichever socket brings it", async () => {
    const { session, fake } = setup();
    vi.setSystemTime(Date.parse("2026-03-01T12:00:03.000Z"));
    await session.start();
    const news = { deadlineAt: "2026-03-01T12:05:05.000Z", serverNow: "2026-03-01T12:00:05.000Z" };
    await fake.push(callStatusEvent(news) as unknown as SignalInbound);
    expect(session.snapshot.state.deadlineAt).toBe(Date.parse("2026-03-01T12:05:05.000Z"));
    expect(session.snapshot.state.offsetMs).toBe(2_000);
    session.handleStatusFrame(callStatusEvent({ callId: 99, status: "completed" }));
    expect(session.snapshot.state.status).toBe("active");
  });

  it("re-reads the call every 5 s, so a lost push still ends the call", async () => {
    const { session, api } = setup();
    await session.start();
    api.get.mockResolvedValueOnce(call({ status: "cancelled" }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.snapshot.state.phase).toBe("ended");
  });

  it("leaving the page hangs up my call but lets a call to me keep ringing", async () => {
    const mine = setup();
    await mine.session.start();
    mine.session.dispose();
    expect(mine.api.update).toHaveBeenCalledWith(11, "cancelled");
    const theirs = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await theirs.session.start();
    theirs.session.dispose();
    expect(theirs.api.update).not.toHaveBeenCalled();
  });

  it("a signalling failure cancels the call it started, so nobody is left ringing", async () => {
    const { session, api, fake } = setup();
    fake.socket.join.mockRejectedValueOnce(new Error("Timed out waiting to join room"));
    await session.start();
    expect(session.snapshot.state).toMatchObject({ phase: "error", error: "Timed out waiting to join room" });
    expect(api.update).toHaveBeenCalledWith(11, "cancelled");
  });

  it("when we both pressed Call at once and theirs won, answers theirs", async () => {
    const { session, api, getUserMedia } = setup();
    api.create.mockResolvedValueOnce(call({ initiatorId: THEM, receiverId: ME }));
    await session.start();
    expect(api.update).toHaveBeenCalledWith(11, "active");
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(session.snapshot.state).toMatchObject({ role: "receiver", status: "active" });
  });

  it("mutes by disabling the microphone track", async () => {
    const { session, track } = setup({
      live: call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" }),
    });
    await session.start();
    session.toggleMute();
    expect(track.enabled).toBe(false);
    expect(session.snapshot.state.muted).toBe(true);
    session.toggleMute();
    expect(track.enabled).toBe(true);
  });
});
