// The socket doors: authentication and Origin at the upgrade, identity from the session only, frame
// validation, size and flood limits, liveness, and logout closing the sockets it opened.
import { CLOSE } from "@kindred/shared/socket-limits";
import { describe, expect, it } from "vitest";
import { registerUser } from "../test/app.ts";
import { useCluster } from "../test/cluster.ts";
import { refusedStatus, sleep, TestSocket } from "../test/sockets.ts";

const PATHS = ["/ws", "/basic-ws?t=1&uid=1", "/rtc"];

describe("socket upgrade", () => {
  const cluster = useCluster("one instance");
  const base = () => cluster.urls[0];

  it.each(PATHS)("%s: no cookie is 401, a dead session is 401, before any frame", async (path) => {
    expect(await refusedStatus(base(), path, {})).toBe(401);
    expect(await refusedStatus(base(), path, { cookie: "kindred_session=forged" })).toBe(401);
  });

  it.each(PATHS)("%s: a foreign or missing Origin is 403, even with a good session", async (path) => {
    const user = await registerUser(cluster.apps[0]);
    expect(await refusedStatus(base(), path, { cookie: user.cookie, origin: "https://evil.example" })).toBe(
      403,
    );
    expect(await refusedStatus(base(), path, { cookie: user.cookie, origin: null })).toBe(403);
  });

  it("accepts the page's own origin", async () => {
    const user = await registerUser(cluster.apps[0]);
    const s = await TestSocket.open(base(), "/ws", { cookie: user.cookie });
    s.send({ type: "register" });
    expect((await s.next("registered")).userId).toBe(user.id);
    await s.close();
  });

  it("lets pages open sockets to this origin only (CSP connect-src, no ws: or wss: wildcard)", async () => {
    const res = await cluster.apps[0].inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe("socket upgrade behind a public origin", () => {
  const cluster = useCluster("one instance", {
    PUBLIC_ORIGIN: "https://kindred.example",
    VITE_ANALYTICS_URL: "https://stats.example/collect",
  });

  it("accepts the configured public origin and still refuses others", async () => {
    const user = await registerUser(cluster.apps[0]);
    const s = await TestSocket.open(cluster.urls[0], "/rtc", {
      cookie: user.cookie,
      origin: "https://kindred.example",
    });
    await s.next("session_created");
    await s.close();
    expect(
      await refusedStatus(cluster.urls[0], "/rtc", {
        cookie: user.cookie,
        origin: "https://kindred.example.evil",
      }),
    ).toBe(403);
  });

  it("adds only the analytics origin to the pages' connect-src", async () => {
    const res = await cluster.apps[0].inject({ method: "GET", url: "/" });
    expect(String(res.headers["content-security-policy"])).toContain(
      "connect-src 'self' https://stats.example;",
    );
  });
});

describe("identity comes from the session, never from a frame", () => {
  const cluster = useCluster("one instance");

  it.each(["/ws", "/rtc"])(
    "%s: register naming someone else answers with the caller's own id",
    async (path) => {
      const me = await registerUser(cluster.apps[0]);
      const victim = await registerUser(cluster.apps[0]);
      const s = await TestSocket.open(cluster.urls[0], path, { cookie: me.cookie });
      s.send({ type: "register", userId: victim.id });
      expect((await s.next("registered")).userId).toBe(me.id);
      s.send({ type: "register", userId: String(victim.id) });
      expect((await s.next("registered")).userId).toBe(me.id);
      await s.close();
    },
  );

  it("/basic-ws ignores its uid query", async () => {
    const me = await registerUser(cluster.apps[0]);
    const s = await TestSocket.open(cluster.urls[0], `/basic-ws?t=${Date.now()}&uid=424242`, {
      cookie: me.cookie,
    });
    s.send({ type: "register", userId: 424242 });
    expect((await s.next("registered")).userId).toBe(me.id);
    await s.close();
  });
});

describe("frames", () => {
  const cluster = useCluster("one instance");
  const open = async (path: string) => {
    const me = await registerUser(cluster.apps[0]);
    return TestSocket.open(cluster.urls[0], path, { cookie: me.cookie });
  };

  it.each(["/ws", "/rtc"])(
    "%s: malformed and unknown frames get an error sentence and the socket lives",
    async (path) => {
      const s = await open(path);
      s.send("{not json");
      expect((await s.next("error")).data).toEqual({ message: "That message is not valid JSON." });
      s.send({ type: "teleport" });
      expect((await s.next("error")).data).toEqual({ message: 'Unknown message type "teleport".' });
      s.send({ hello: 1 });
      expect((await s.next("error")).data).toEqual({ message: 'Every message needs a "type".' });
      s.send({ type: "ping", timestamp: 42 });
      expect(await s.next("pong")).toMatchObject({ type: "pong", timestamp: 42 });
      await s.close();
    },
  );

  it("an offer without SDP is refused", async () => {
    const s = await open("/rtc");
    s.send({ type: "offer", roomId: "call-1", data: {} });
    expect(((await s.next("error")).data as { message: string }).message).toMatch(/offer.*malformed.*SDP/);
  });

  it.each(["/ws", "/rtc"])(
    "%s: a frame over 16 KB is refused with an error and the socket lives",
    async (path) => {
      const s = await open(path);
      s.send({ type: "ping", pad: "x".repeat(17_000) });
      expect((await s.next("error")).data).toEqual({ message: "That message is over the 16 KB limit." });
      s.send({ type: "ping", timestamp: 7 });
      expect((await s.next("pong")).timestamp).toBe(7);
      await s.close();
    },
  );

  it("a client sending more than 50 frames a second is closed with 1008", async () => {
    const s = await open("/ws");
    for (let i = 0; i < 80; i++) s.send({ type: "heartbeat" });
    expect((await s.closed).code).toBe(CLOSE.policy);
  });

  it("handles one socket's frames in order even when handling awaits", async () => {
    const s = await open("/ws");
    for (let i = 0; i < 30; i++) s.send(i % 2 ? { type: "ping", timestamp: i } : { type: "register" });
    // The last frame is a ping: once its pong is in, every reply before it is too.
    await s.next("pong", 3_000, (f) => f.timestamp === 29);
    const replies = s.frames.filter((f) => f.type === "pong" || f.type === "registered");
    expect(replies.map((f) => f.type)).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? "pong" : "registered")),
    );
    expect(s.all("pong").map((f) => f.timestamp)).toEqual(Array.from({ length: 15 }, (_, i) => i * 2 + 1));
  });

  it("answers a socket's first frames only once its user's channel is subscribed", async () => {
    const app = cluster.apps[0];
    const bus = app.backend.bus;
    const subscribe = bus.subscribe;
    let subscribed = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A slow subscription (Redis under load): it completes only when the test lets it.
    bus.subscribe = async (channel, onMessage) => {
      await held;
      const unsubscribe = await subscribe.call(bus, channel, onMessage);
      subscribed = true;
      return unsubscribe;
    };
    try {
      const me = await registerUser(app);
      const s = await TestSocket.open(cluster.urls[0], "/ws", { cookie: me.cookie });
      s.send({ type: "register" });
      // The server has the frame in hand while the subscription is still held.
      const framesIn = () =>
        [...app.realtime.hub.connections()].find((c) => c.userId === me.id)?.counts.frames ?? 0;
      await expect.poll(framesIn).toBe(1);
      release();
      await s.next("registered");
      expect(subscribed).toBe(true);
      await s.close();
    } finally {
      bus.subscribe = subscribe;
    }
  });
});

describe("liveness", () => {
  const cluster = useCluster("one instance", { WS_PING_INTERVAL_MS: "100" });

  it("drops a socket that stops answering pings within two ping intervals", async () => {
    const me = await registerUser(cluster.apps[0]);
    const silent = await TestSocket.open(cluster.urls[0], "/ws", { cookie: me.cookie, autoPong: false });
    const healthy = await TestSocket.open(cluster.urls[0], "/ws", { cookie: me.cookie });
    const closed = await Promise.race([silent.closed, sleep(1_000).then(() => null)]);
    expect(closed?.code).toBe(1006);
    healthy.send({ type: "ping", timestamp: 1 });
    expect((await healthy.next("pong")).timestamp).toBe(1);
    await healthy.close();
  });
});

describe("signing out", () => {
  const cluster = useCluster("two instances, in-process bus");

  it("logout closes that session's sockets on every instance, and only that session's", async () => {
    const me = await registerUser(cluster.apps[0]);
    const other = await cluster.apps[0].inject({
      method: "POST",
      url: "/api/login",
      payload: { username: me.username, password: me.password },
    });
    const otherCookie = `kindred_session=${other.cookies.find((c) => c.name === "kindred_session")?.value}`;
    const a = await TestSocket.open(cluster.urls[0], "/ws", { cookie: me.cookie });
    const b = await TestSocket.open(cluster.urls[1], "/rtc", { cookie: me.cookie });
    const kept = await TestSocket.open(cluster.urls[1], "/ws", { cookie: otherCookie });
    const res = await cluster.apps[1].inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await a.closed).code).toBe(CLOSE.signedOut);
    expect((await b.closed).code).toBe(CLOSE.signedOut);
    kept.send({ type: "ping", timestamp: 3 });
    expect((await kept.next("pong")).timestamp).toBe(3);
    await kept.close();
  });
});
