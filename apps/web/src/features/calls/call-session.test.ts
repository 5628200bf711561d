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

function setup(opts: { live?: Call | null; mic?: "ok" | "refused" } = {}) {
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

  it("a call ringing for me rings and joins its room at once, without the microphone", async () => {
    const { session, api, fake, getUserMedia } = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await session.start();
    expect(session.snapshot.state).toMatchObject({ phase: "ringing", role: "receiver" });
    expect(fake.socket.join).toHaveBeenCalledWith("call-11", 11);
    expect(getUserMedia).not.toHaveBeenCalled();
    await session.answer();
    expect(getUserMedia).toHaveBeenCalledOnce();
    expect(api.update).toHaveBeenCalledWith(11, "active");
    expect(session.snapshot.state.status).toBe("active");
  });

  it("Answer on a call that is gone ends the session instead of dialling back", async () => {
    const { session, api } = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await session.start();
    api.update.mockRejectedValueOnce(new HttpFailure(409, "Call is no longer pending"));
    api.get.mockResolvedValueOnce(call({ initiatorId: THEM, receiverId: ME, status: "cancelled" }));
    await session.answer();
    expect(api.create).not.toHaveBeenCalled();
    expect(session.snapshot.state.phase).toBe("ended");
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

  it("ends the call when a poll answers 404 (the match ended: blocked, unmatched), and stops polling", async () => {
    const { session, api, fake } = setup({
      live: call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" }),
    });
    await session.start();
    api.get.mockRejectedValueOnce(new HttpFailure(404, "Failed to get call data: 404 Not Found"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.snapshot.state).toMatchObject({ phase: "ended", gone: true, error: null });
    expect(fake.socket.close).toHaveBeenCalled();
    const polls = api.get.mock.calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.get).toHaveBeenCalledTimes(polls);
  });

  it("a poll that fails for another reason (offline, 503) is retried, not taken as the end", async () => {
    const { session, api } = setup({
      live: call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" }),
    });
    await session.start();
    api.get.mockRejectedValueOnce(new HttpFailure(503, "Failed to get call data: 503 Service Unavailable"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.snapshot.state.phase).toBe("connecting");
    api.get.mockResolvedValueOnce(call({ status: "completed" }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.snapshot.state.phase).toBe("ended");
  });

  it("the server's news that the call ended because the match did ends it, whatever the status", async () => {
    for (const status of ["completed", "cancelled", "missed", "rejected"] as const) {
      for (const reason of ["blocked", "unmatched"] as const) {
        const { session, fake } = setup({
          live: call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" }),
        });
        await session.start();
        session.handleStatusFrame(callStatusEvent({ status, reason, deadlineAt: null }));
        expect(session.snapshot.state).toMatchObject({ phase: "ended", endReason: reason });
        expect(fake.socket.close).toHaveBeenCalled();
      }
    }
  });

  it("answering a call whose match has just ended (404) ends it rather than failing", async () => {
    const { session, api } = setup({ live: call({ initiatorId: THEM, receiverId: ME }) });
    await session.start();
    api.update.mockRejectedValueOnce(new HttpFailure(404, "Failed to update call: 404 Not Found"));
    await session.answer();
    expect(session.snapshot.state).toMatchObject({ phase: "ended", gone: true, error: null });
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
