import { CLOSE } from "@kindred/shared/socket-limits";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../test/fake-clock";
import { FakeSocket, FakeWebSocket, lastSocket as last } from "../test/fake-socket";
import { STABLE_AFTER_MS } from "./reconnecting-socket";
import { backoffMs, type StatusSnapshot, StatusSocket } from "./status-socket";

function make(session: "ok" | "signed-out" | "unreachable" = "ok") {
  const onSignedOut = vi.fn();
  const states: StatusSnapshot["state"][] = [];
  const socket = new StatusSocket({
    url: () => "ws://test/ws",
    userId: 7,
    checkSession: vi.fn(async () => session),
    onSignedOut,
    WebSocketImpl: FakeWebSocket,
    random: () => 0,
  });
  socket.subscribe((s) => {
    if (states[states.length - 1] !== s.state) states.push(s.state);
  });
  return { socket, onSignedOut, states };
}

fakeTimersInEachTest();
beforeEach(() => {
  FakeSocket.all = [];
});

describe("StatusSocket (SPEC §4 online-status socket)", () => {
  it("registers on open and sends a heartbeat every 15 s", () => {
    const { socket } = make();
    socket.start();
    last().open();
    expect(last().sent[0]).toEqual({ type: "register", userId: 7 });
    expect(socket.current.state).toBe("connected");
    vi.advanceTimersByTime(15_000);
    expect(
      last()
        .types()
        .filter((t) => t === "heartbeat"),
    ).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(
      last()
        .types()
        .filter((t) => t === "heartbeat"),
    ).toHaveLength(3);
  });

  it("measures the round trip from its ping's pong", () => {
    const { socket } = make();
    socket.start();
    last().open();
    const ping = last().sent.find((f) => f.type === "ping");
    vi.advanceTimersByTime(40);
    last().receive({ type: "pong", timestamp: ping?.timestamp, serverTime: Date.now() });
    expect(socket.current.rttMs).toBe(40);
  });

  it("backs off 2^n s after abnormal closes, capped at 30 s, and counts reconnects", async () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 0.999)).toBe(1999);
    const { socket, states } = make();
    socket.start();
    last().open();
    last().drop(1006);
    expect(socket.current.state).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(socket.current).toMatchObject({ state: "connected", reconnects: 1 });
    expect(states).toEqual(["connecting", "connected", "reconnecting", "connected"]);
  });

  it("retries in 5 s when a connection attempt fails, showing 'failed' meanwhile", async () => {
    const { socket } = make();
    socket.start();
    last().drop(1006);
    expect(socket.current.state).toBe("failed");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("checks the session before reconnecting, and stops when it has ended", async () => {
    const { socket, onSignedOut } = make("signed-out");
    socket.start();
    last().open();
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect(socket.current.state).toBe("disconnected");
  });

  it("does not reconnect after 1000 or a signed-out close", async () => {
    for (const code of [CLOSE.normal, CLOSE.signedOut]) {
      FakeSocket.all = [];
      const { socket } = make();
      socket.start();
      last().open();
      last().drop(code);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(socket.current.state).toBe("disconnected");
    }
  });

  it("reconnects and registers again after a restarting server's close (1001, 1006, 1011, 1012, 1013)", async () => {
    for (const code of [CLOSE.goingAway, 1006, 1011, CLOSE.serviceRestart, CLOSE.tryAgainLater]) {
      FakeSocket.all = [];
      const { socket } = make();
      socket.start();
      last().open();
      last().drop(code);
      expect(socket.current.state).toBe("reconnecting");
      await vi.advanceTimersByTimeAsync(backoffMs(0, () => 0));
      expect(FakeSocket.all).toHaveLength(2);
      last().open();
      expect(last().sent[0]).toEqual({ type: "register", userId: 7 });
      expect(socket.current).toMatchObject({ state: "connected", reconnects: 1 });
    }
  });

  it("keeps backing off when each connection drops as soon as it opens; a lasting one starts afresh", async () => {
    const { socket } = make();
    socket.start();
    const waits: number[] = [];
    for (let n = 0; n < 4; n++) {
      last().open();
      last().drop(CLOSE.serviceRestart);
      const before = FakeSocket.all.length;
      const from = Date.now();
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - from);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    last().open();
    await vi.advanceTimersByTimeAsync(STABLE_AFTER_MS);
    last().drop(1006);
    expect(socket.current.retryAt).toBe(Date.now() + backoffMs(0, () => 0));
  });

  it("reconnects at once when the page becomes visible again", async () => {
    const { socket } = make();
    socket.start();
    last().open();
    last().drop(1006);
    last().drop(1006);
    socket.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("says 'offline' and closes normally when stopped (leaving the page, logging out)", () => {
    const { socket } = make();
    socket.start();
    last().open();
    const ws = last();
    socket.stop();
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "offline", userId: 7 });
    expect(ws.closedWith).toBe(1000);
    expect(socket.current.state).toBe("disconnected");
  });
});
