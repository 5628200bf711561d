import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../test/fake-clock";
import { FakeSocket, FakeWebSocket, lastSocket as last } from "../test/fake-socket";
import { SIGNALLING_ERRORS } from "./signalling-errors";
import {
  reconnectDelayMs,
  type SignalInbound,
  type SignallingDeps,
  SignallingSocket,
} from "./signalling-socket";

function make(extra: Partial<SignallingDeps> = {}) {
  const socket = new SignallingSocket({
    url: () => "ws://test/rtc",
    userId: 7,
    WebSocketImpl: FakeWebSocket,
    random: () => 0,
    ...extra,
  });
  return socket;
}

/** Opens, registers and joins call-5 on a fresh socket. */
async function joined(extra: Partial<SignallingDeps> = {}) {
  const socket = make(extra);
  const ready = socket.connect();
  last().open();
  last().receive({ type: "registered", userId: 7 });
  await ready;
  const join = socket.join("call-5", 5);
  last().receive({ type: "room_joined", roomId: "call-5", participants: [7], polite: false });
  await join;
  return socket;
}

fakeTimersInEachTest();
beforeEach(() => {
  FakeSocket.all = [];
});

describe("SignallingSocket (SPEC §9 call socket wrapper)", () => {
  it("registers on open and resolves once registered", async () => {
    const socket = make();
    const ready = socket.connect();
    last().open();
    expect(last().sent[0]).toEqual({ type: "register", userId: 7 });
    last().receive({ type: "registered", userId: 7 });
    await expect(ready).resolves.toBeUndefined();
    expect(socket.state).toBe("connected");
  });

  it("hands over its own connection id and the other person's sockets from room_joined, and relays mute", async () => {
    const socket = make();
    const ready = socket.connect();
    last().open();
    last().receive({ type: "registered", userId: 7 });
    await ready;
    const join = socket.join("call-5", 5);
    const peers = [{ userId: 8, connectionId: "c-8a" }];
    last().receive({
      type: "room_joined",
      roomId: "call-5",
      participants: [7, 8],
      polite: false,
      connectionId: "c-7",
      peers,
    });
    await expect(join).resolves.toMatchObject({ connectionId: "c-7", peers });
    const seen: SignalInbound[] = [];
    socket.onFrame((f) => void seen.push(f));
    socket.send({ type: "mute", roomId: "call-5", targetConnectionId: "c-8a", data: { muted: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(last().sent.at(-1)).toEqual({
      type: "mute",
      roomId: "call-5",
      targetConnectionId: "c-8a",
      data: { muted: true },
    });
    last().receive({
      type: "mute",
      roomId: "call-5",
      fromUserId: 8,
      fromConnectionId: "c-8a",
      data: { muted: true },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toMatchObject({ type: "mute", fromConnectionId: "c-8a" });
  });

  it("refuses to start without a user id", async () => {
    await expect(make({ userId: null }).connect()).rejects.toThrow(SIGNALLING_ERRORS.userIdNotSet);
    expect(FakeSocket.all).toHaveLength(0);
  });

  it("times out after 15 s without registering, and reports a first attempt that fails", async () => {
    const slow = make().connect();
    const caught = slow.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await caught).toBe(SIGNALLING_ERRORS.timeout);
    FakeSocket.all = [];
    const refused = make().connect();
    last().drop(1006);
    await expect(refused).rejects.toThrow(SIGNALLING_ERRORS.error);
  });

  it("joins a room, or says it timed out after 10 s", async () => {
    const socket = await joined();
    expect(last().sent.find((f) => f.type === "join_room")).toEqual({
      type: "join_room",
      roomId: "call-5",
      data: { callId: 5 },
    });
    const stuck = socket.join("call-6", 6).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await stuck).toBe(SIGNALLING_ERRORS.joinTimeout);
  });

  it("rejects a join with the server's sentence, and refuses to join before connecting", async () => {
    await expect(make().join("call-5", 5)).rejects.toThrow(SIGNALLING_ERRORS.notEstablished);
    const socket = make();
    const ready = socket.connect();
    last().open();
    last().receive({ type: "registered", userId: 7 });
    await ready;
    const join = socket.join("call-9", 9);
    last().receive({ type: "error", data: { message: "You can't join that room." } });
    await expect(join).rejects.toThrow("You can't join that room.");
  });

  it("pings 1 s after open, and reconnects when a ping goes unanswered for 10 s", async () => {
    await joined();
    expect(last().types()).not.toContain("ping");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().types()).toContain("ping");
    const first = last();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first.closedWith).toBe(4000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("stays up while pongs come back", async () => {
    await joined();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(5_000);
      const ping = [...last().sent].reverse().find((f) => f.type === "ping");
      last().receive({ type: "pong", timestamp: ping?.timestamp, serverTime: Date.now() });
    }
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("backs off 2 s × 1.5^n plus jitter, 8 times, then gives up", async () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelayMs(n, () => 0))).toEqual([2000, 3000, 4500, 6750]);
    expect(reconnectDelayMs(0, () => 0.999)).toBe(2999);
    const onGaveUp = vi.fn();
    const socket = await joined({ onGaveUp });
    last().drop(1006);
    expect(socket.state).toBe("reconnecting");
    for (let n = 0; n < 8; n++) {
      const before = FakeSocket.all.length;
      await vi.advanceTimersByTimeAsync(reconnectDelayMs(n, () => 0) - 1);
      expect(FakeSocket.all).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
      last().drop(1006);
    }
    expect(socket.state).toBe("failed");
    expect(onGaveUp).toHaveBeenCalledWith(SIGNALLING_ERRORS.gaveUp);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(9);
  });

  it("after a reconnect registers again, rejoins its room and says so", async () => {
    const onRejoined = vi.fn();
    await joined({ onRejoined });
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    last().open();
    expect(last().sent[0]).toEqual({ type: "register", userId: 7 });
    last().receive({ type: "registered", userId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(last().sent[1]).toEqual({ type: "join_room", roomId: "call-5", data: { callId: 5 } });
    last().receive({ type: "room_joined", roomId: "call-5", participants: [7, 8], polite: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(onRejoined).toHaveBeenCalledWith(expect.objectContaining({ participants: [7, 8] }));
  });

  it("does not reconnect after 1000 or 4401, and reports a sign-out", async () => {
    for (const code of [1000, 4401]) {
      FakeSocket.all = [];
      const onSignedOut = vi.fn();
      await joined({ onSignedOut });
      last().drop(code);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(onSignedOut).toHaveBeenCalledTimes(code === 4401 ? 1 : 0);
    }
  });

  it("after a restarting server's close (1001, 1011, 1012, 1013) reconnects, registers and rejoins its room", async () => {
    for (const code of [1001, 1011, 1012, 1013]) {
      FakeSocket.all = [];
      const onRejoined = vi.fn();
      const socket = await joined({ onRejoined });
      last().drop(code);
      expect(socket.state).toBe("reconnecting");
      await vi.advanceTimersByTimeAsync(reconnectDelayMs(0, () => 0));
      expect(FakeSocket.all).toHaveLength(2);
      last().open();
      last().receive({ type: "registered", userId: 7 });
      await vi.advanceTimersByTimeAsync(0);
      expect(last().sent.slice(0, 2)).toEqual([
        { type: "register", userId: 7 },
        { type: "join_room", roomId: "call-5", data: { callId: 5 } },
      ]);
      last().receive({ type: "room_joined", roomId: "call-5", participants: [7, 8], polite: false });
      await vi.advanceTimersByTimeAsync(0);
      expect(onRejoined).toHaveBeenCalledOnce();
    }
  });

  it("never sends a frame over 16,384 bytes", async () => {
    const socket = await joined();
    const before = last().sent.length;
    expect(socket.send({ type: "offer", roomId: "call-5", data: { sdp: "x".repeat(16_400) } })).toBe(false);
    expect(last().sent).toHaveLength(before);
    expect(socket.send({ type: "offer", roomId: "call-5", data: { sdp: "x".repeat(1000) } })).toBe(true);
    expect(last().sent).toHaveLength(before + 1);
  });

  it("paces a burst under the server's 50 frames a second instead of getting closed", async () => {
    const socket = await joined();
    const candidates = () => last().sent.filter((f) => f.type === "ice_candidate");
    for (let i = 0; i < 60; i++) socket.send({ type: "ice_candidate", roomId: "call-5", data: { i } });
    expect(last().sent.length).toBeLessThanOrEqual(40);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(candidates()).toHaveLength(60);
    const order = candidates().map((f) => (f.data as { i: number }).i);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("hands frames to listeners one at a time, in order, even when a listener awaits", async () => {
    const socket = await joined();
    const seen: string[] = [];
    socket.onFrame(async (f: SignalInbound) => {
      if (f.type === "offer") await new Promise((r) => setTimeout(r, 50));
      seen.push(f.type);
    });
    last().receive({ type: "offer", roomId: "call-5", fromUserId: 8, data: {} });
    last().receive({ type: "ice_candidate", roomId: "call-5", fromUserId: 8, data: {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toEqual(["offer", "ice_candidate"]);
  });

  it("leaves its room and closes with 1000 when closed, with no reconnect", async () => {
    const socket = await joined();
    const ws = last();
    socket.close();
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "leave_room", roomId: "call-5" });
    expect(ws.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.state).toBe("disconnected");
  });
});
