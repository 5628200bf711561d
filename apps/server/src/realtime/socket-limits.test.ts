// One person cannot slow everyone: sockets per session and per user are capped at the upgrade (also
// when upgrades race), one socket's rate is a token bucket with no window edge, a user's frames over
// their budget are dropped unread while the sockets stay open, and a closed socket's queue is dropped.
import { EventEmitter } from "node:events";
import {
  CLOSE,
  MAX_QUEUED_FRAMES,
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  USER_FRAME_BURST,
} from "@kindred/shared/socket-limits";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { registerUser, sessionCookie } from "../test/app.ts";
import { useCluster } from "../test/cluster.ts";
import { refusedStatus, TestSocket, UpgradeRefused } from "../test/sockets.ts";
import { Connection } from "./connection.ts";
import { TokenBucket } from "./token-bucket.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** The body of a refused upgrade: the sentence the person would read. */
function refusalBody(base: string, cookie: string): Promise<unknown> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { cookie, origin: base } });
  return new Promise((resolve, reject) => {
    ws.once("open", () => reject(new Error("accepted")));
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () => resolve(JSON.parse(body)));
    });
  });
}

/** Opens a socket, or says the upgrade's refusal status. */
async function tryOpen(base: string, cookie: string): Promise<TestSocket | number> {
  try {
    return await TestSocket.open(base, "/ws", { cookie });
  } catch (err) {
    if (err instanceof UpgradeRefused) return err.status;
    throw err;
  }
}

describe("sockets per session and per user", () => {
  const cluster = useCluster("one instance");
  const base = () => cluster.urls[0];

  async function signIn(username: string, password: string): Promise<string> {
    const res = await cluster.apps[0].inject({
      method: "POST",
      url: "/api/login",
      payload: { username, password },
    });
    return sessionCookie(res);
  }

  it(`refuses a session's socket past ${MAX_SOCKETS_PER_SESSION} with 429, and takes one again after a close`, async () => {
    const me = await registerUser(cluster.apps[0]);
    const open: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) {
      open.push(await TestSocket.open(base(), i % 2 ? "/rtc" : "/ws", { cookie: me.cookie }));
    }
    expect(await refusedStatus(base(), "/ws", { cookie: me.cookie })).toBe(429);
    expect(await refusedStatus(base(), "/rtc", { cookie: me.cookie })).toBe(429);
    // Another sign-in of the same person has its own count.
    const other = await TestSocket.open(base(), "/ws", { cookie: await signIn(me.username, me.password) });
    await open[0]?.close();
    // The slot is free once the server has seen the close: poll for what a reloading tab would see.
    const reopened: TestSocket[] = [];
    await expect
      .poll(async () => {
        const again = await tryOpen(base(), me.cookie);
        if (typeof again === "number") return again;
        reopened.push(again);
        return "open";
      })
      .toBe("open");
    for (const s of [...open.slice(1), other, ...reopened]) await s.close();
  });

  it(`refuses a user's socket past ${MAX_SOCKETS_PER_USER}, across sign-ins`, async () => {
    const me = await registerUser(cluster.apps[0]);
    const cookies = [me.cookie];
    const sessions = Math.ceil(MAX_SOCKETS_PER_USER / MAX_SOCKETS_PER_SESSION) + 1;
    while (cookies.length < sessions) cookies.push(await signIn(me.username, me.password));
    const open: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const cookie = cookies[Math.floor(i / MAX_SOCKETS_PER_SESSION)] as string;
      open.push(await TestSocket.open(base(), "/ws", { cookie }));
    }
    // The last sign-in holds no socket yet, and is still refused: the person has enough.
    expect(await refusedStatus(base(), "/ws", { cookie: cookies.at(-1) as string })).toBe(429);
    expect(await refusalBody(base(), cookies.at(-1) as string)).toEqual({
      message: expect.stringMatching(/^Too many Kindred tabs or windows are open.*Close some/),
    });
    for (const s of open) await s.close();
  });

  it("parallel upgrades of one session cannot pass the cap together", async () => {
    const me = await registerUser(cluster.apps[0]);
    const tries = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_SESSION * 3 }, () => tryOpen(base(), me.cookie)),
    );
    const opened = tries.filter((t): t is TestSocket => typeof t !== "number");
    expect(opened).toHaveLength(MAX_SOCKETS_PER_SESSION);
    expect(tries.filter((t) => t === 429)).toHaveLength(MAX_SOCKETS_PER_SESSION * 2);
    for (const s of opened) await s.close();
  });
});

describe("frame rates", () => {
  const cluster = useCluster("one instance");
  const base = () => cluster.urls[0];

  /** Sends pings numbered from `from`; resolves to the last number sent. */
  function pings(s: TestSocket, from: number, count: number): number {
    for (let i = 0; i < count; i++) s.send({ type: "ping", timestamp: from + i });
    return from + count - 1;
  }

  it("one socket's limit has no window edge: 99 frames in 60 ms close it with 1008", async () => {
    const me = await registerUser(cluster.apps[0]);
    const s = await TestSocket.open(base(), "/ws", { cookie: me.cookie });
    // The server's clock, held still and stepped by the test: a fixed window that began at t0 would let
    // 49 frames at t0+990 and 49 more at t0+1050 through (the audit's 99 in 60 ms).
    const t0 = Date.now() + 10_000;
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    s.send({ type: "ping", timestamp: 0 });
    await s.next("pong", 3_000, (f) => f.timestamp === 0);
    vi.setSystemTime(t0 + 990);
    const last = pings(s, 1, 49);
    await s.next("pong", 3_000, (f) => f.timestamp === last);
    vi.setSystemTime(t0 + 1_050);
    const end = pings(s, 100, 49);
    const outcome = await Promise.race([
      s.closed,
      s.next("pong", 3_000, (f) => f.timestamp === end).then(() => "all 49 answered"),
    ]);
    expect(outcome).toEqual({ code: CLOSE.policy, reason: "Too many messages" });
    // A bucket of 50 refilled by 3 in those 60 ms: the first few of the second burst, no more.
    expect(s.all("pong").filter((f) => Number(f.timestamp) >= 100).length).toBeLessThanOrEqual(4);
  });

  it("a user's frames over their budget across sockets are dropped unread; the sockets stay open", async () => {
    const me = await registerUser(cluster.apps[0]);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 5; i++) sockets.push(await TestSocket.open(base(), "/ws", { cookie: me.cookie }));
    // Held still, the budget does not refill: of 5 × 45 pings (each socket under its own 50), exactly
    // the budget's burst is answered.
    const t0 = Date.now() + 10_000;
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    for (const [i, s] of sockets.entries()) pings(s, i * 1000, 45);
    // Once the server has taken every frame (its own count), the clock may move on.
    const conns = () => [...cluster.apps[0].realtime.hub.connections()].filter((c) => c.userId === me.id);
    await expect.poll(() => conns().reduce((n, c) => n + c.counts.frames, 0)).toBe(5 * 45);
    expect(conns().reduce((n, c) => n + c.counts.shed, 0)).toBe(5 * 45 - USER_FRAME_BURST);
    // A second later the budget has refilled: a last ping on each socket comes back after all its
    // earlier frames were handled or dropped, and shows the socket is still open.
    vi.setSystemTime(t0 + 1_000);
    await Promise.all(
      sockets.map((s, i) => {
        s.send({ type: "ping", timestamp: -1 - i });
        return s.next("pong", 3_000, (f) => f.timestamp === -1 - i);
      }),
    );
    const answered = sockets.reduce((n, s) => n + s.all("pong").length - 1, 0);
    expect(answered).toBe(USER_FRAME_BURST);
    const notices = sockets.map((s) => s.all("error").length);
    // One "too fast" notice to each socket that had frames dropped, not one per frame.
    expect(Math.max(...notices)).toBe(1);
    expect(
      sockets.flatMap((s) => s.all("error")).map((f) => (f.data as { message: string }).message),
    ).toEqual(
      notices.filter((n) => n > 0).map(() => expect.stringMatching(/faster than the server takes them/)),
    );
    for (const s of sockets) await s.close();
  });
});

/** A stand-in for a ws socket: frames come in by `deliver`, and closing is recorded. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  closedWith: number | null = null;
  send(): void {}
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
  }
  deliver(frame: object): void {
    this.emit("message", Buffer.from(JSON.stringify(frame)), false);
  }
}

const silentLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** A connection whose first frame's handling waits until `release` is called. */
function stalledConnection() {
  const socket = new FakeSocket();
  const conn = new Connection(
    socket as unknown as WebSocket,
    "rtc",
    { id: 1, username: "a" },
    "h",
    "i",
    silentLog,
  );
  let release = () => {};
  const stalled = new Promise<void>((resolve) => {
    release = resolve;
  });
  let handled = 0;
  conn.onFrames(async () => {
    handled += 1;
    if (handled === 1) await stalled;
  });
  return { socket, conn, release, handled: () => handled };
}

describe("no backlog", () => {
  it("a closed socket's waiting frames are dropped, not handled", async () => {
    const { socket, conn, release, handled } = stalledConnection();
    socket.deliver({ type: "call:status", callId: 1, matchId: 1 });
    await new Promise(setImmediate);
    expect(handled()).toBe(1);
    for (let i = 1; i < 20; i++) socket.deliver({ type: "call:status", callId: 1, matchId: 1 });
    // The client goes away while the first frame is being handled and 19 wait.
    socket.readyState = 3;
    socket.emit("close", 1006, Buffer.from(""));
    release();
    await conn.settled();
    expect(handled()).toBe(1);
  });

  it(`a socket whose queue holds ${MAX_QUEUED_FRAMES} frames is closed with 1013 (try again later)`, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { socket, conn, release, handled } = stalledConnection();
    // Within the socket's rate (a second between each 40), but the first frame's handling never ends.
    socket.deliver({ type: "ping", timestamp: 0 });
    await new Promise(setImmediate);
    for (let i = 1; i <= MAX_QUEUED_FRAMES; i++) {
      if (i % 40 === 39) vi.setSystemTime(Date.now() + 1_000);
      socket.deliver({ type: "ping", timestamp: i });
    }
    expect(socket.closedWith).toBeNull();
    socket.deliver({ type: "ping", timestamp: -1 });
    expect(socket.closedWith).toBe(CLOSE.tryAgainLater);
    release();
    await conn.settled();
    expect(handled()).toBe(1);
  });
});

describe("token bucket", () => {
  it("lets the burst through at once, then refills at the rate", () => {
    let now = 0;
    const bucket = new TokenBucket(50, 50, () => now);
    expect(Array.from({ length: 51 }, () => bucket.take()).filter(Boolean)).toHaveLength(50);
    now += 20;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 60_000;
    expect(Array.from({ length: 60 }, () => bucket.take()).filter(Boolean)).toHaveLength(50);
  });
});
