// Presence across topologies: one instance, two sharing an in-process bus, and (where REDIS_URL is set)
// two over Redis. A is always on the first instance and B on the second.
import { describe, expect, it } from "vitest";
import { registerUser } from "../test/app.ts";
import { matchUsers, topologies, useCluster } from "../test/cluster.ts";
import { caughtUp, sleep, socketsOf, TestSocket } from "../test/sockets.ts";
import type { Connection } from "./connection.ts";

describe.each(topologies())("presence, %s", (topology) => {
  const cluster = useCluster(topology, { PRESENCE_TTL_MS: "400", WS_PING_INTERVAL_MS: "60000" });

  async function pair() {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    await matchUsers(cluster.db, a.id, b.id);
    return { a, b };
  }
  const watch = (user: { cookie: string }, instance: 0 | 1 = 0) =>
    TestSocket.open(cluster.urls[instance], "/ws", { cookie: user.cookie });
  const otherOnline = async (viewer: { cookie: string }) => {
    const res = await cluster.apps[0].inject({
      method: "GET",
      url: "/api/matches",
      headers: { cookie: viewer.cookie },
    });
    return res.json()[0].otherUser.online as boolean;
  };

  it("reaches a match when they come and go, and the match list agrees", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    expect(await otherOnline(a)).toBe(false);
    const bSocket = await watch(b, 1);
    expect(await aSocket.next("presence")).toEqual({ type: "presence", userId: b.id, online: true });
    expect(await otherOnline(a)).toBe(true);
    await bSocket.close();
    expect(await aSocket.next("presence")).toEqual({ type: "presence", userId: b.id, online: false });
    expect(await otherOnline(a)).toBe(false);
    await aSocket.close();
  });

  it("never reaches a stranger, and a stranger's match list cannot show it", async () => {
    const { a, b } = await pair();
    const stranger = await registerUser(cluster.apps[0]);
    const strangerSocket = await watch(stranger);
    const aSocket = await watch(a);
    const bSocket = await watch(b, 1);
    await aSocket.next("presence");
    // B's instance told A; whatever it told the stranger with it has arrived before its next message.
    await caughtUp(strangerSocket, cluster.apps[1], stranger.id);
    expect(strangerSocket.all("presence")).toEqual([]);
    const res = await cluster.apps[0].inject({
      method: "GET",
      url: "/api/matches",
      headers: { cookie: stranger.cookie },
    });
    expect(res.json()).toEqual([]);
    await Promise.all([strangerSocket.close(), aSocket.close(), bSocket.close()]);
  });

  it("a user with two tabs stays online until both close", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    const tab1 = await watch(b, 0);
    const tab2 = await watch(b, 1);
    await aSocket.next("presence");
    // Both tabs recorded (a heartbeat is answered once it is), or closing the first could find B gone.
    for (const tab of [tab1, tab2]) tab.send({ type: "heartbeat" });
    await Promise.all([tab1.next("ok"), tab2.next("ok")]);
    await tab1.close();
    // Once the first instance has let go of the tab, whatever its closing published has been; then
    // anything that reached A came before a marker published after it.
    const stillThere = cluster.apps[0] === cluster.apps[1] ? 1 : 0;
    await expect.poll(() => socketsOf(cluster.apps[0], b.id)).toBe(stillThere);
    await caughtUp(aSocket, cluster.apps[0], a.id);
    expect(aSocket.all("presence")).toHaveLength(1);
    expect(await otherOnline(a)).toBe(true);
    await tab2.close();
    expect((await aSocket.next("presence")).online).toBe(false);
    await aSocket.close();
  });

  it("'offline' on leaving the page ends presence while the socket closes", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    const bSocket = await watch(b, 1);
    await aSocket.next("presence");
    bSocket.send({ type: "offline", userId: a.id });
    expect(await aSocket.next("presence")).toEqual({ type: "presence", userId: b.id, online: false });
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("heartbeats keep a user online past the TTL, and one after 'offline' brings them back", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    const bSocket = await watch(b, 1);
    expect((await aSocket.next("presence")).online).toBe(true);
    // A heartbeat every 50 ms (the socket's frame limit allows 50 a second) for three TTLs: only
    // their writes keep B online.
    const until = Date.now() + 1_200;
    while (Date.now() < until) {
      bSocket.send({ type: "heartbeat" });
      await bSocket.next("ok");
      await sleep(50);
    }
    await caughtUp(aSocket, cluster.apps[1], a.id);
    expect(aSocket.all("presence")).toHaveLength(1);
    expect(await otherOnline(a)).toBe(true);
    bSocket.send({ type: "offline", userId: b.id });
    expect((await aSocket.next("presence")).online).toBe(false);
    bSocket.send({ type: "heartbeat" });
    expect((await aSocket.next("presence")).online).toBe(true);
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("expires a client that vanished without closing, TTL after its last heartbeat", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    const vanished = await TestSocket.open(cluster.urls[1], "/ws", { cookie: b.cookie, autoPong: false });
    vanished.send({ type: "heartbeat" });
    await vanished.next("ok");
    const heardAt = Date.now();
    expect((await aSocket.next("presence")).online).toBe(true);
    const offline = await aSocket.next("presence", 2_000);
    expect(offline).toEqual({ type: "presence", userId: b.id, online: false });
    expect(Date.now() - heardAt).toBeGreaterThanOrEqual(380);
    expect(await otherOnline(a)).toBe(false);
    // Its next heartbeat brings it back.
    vanished.send({ type: "heartbeat" });
    expect((await aSocket.next("presence")).online).toBe(true);
    await Promise.all([aSocket.close(), vanished.close()]);
  });

  it("expires the connections of an instance that crashed, from the sweep of those still running", async () => {
    const { a, b } = await pair();
    const aSocket = await watch(a);
    // A connection recorded by an instance that then died: nobody will ever close it.
    await cluster.apps[1].realtime.presence.heard({ userId: b.id, id: "crashed-instance.1" } as Connection);
    expect((await aSocket.next("presence")).online).toBe(true);
    expect(await otherOnline(a)).toBe(true);
    expect(await aSocket.next("presence", 2_000)).toEqual({ type: "presence", userId: b.id, online: false });
    expect(await otherOnline(a)).toBe(false);
    await aSocket.close();
  });

  it("an ended match stops presence flowing", async () => {
    const { a, b } = await pair();
    // A live match of B's too: it is told, so B's coming online has been announced by then.
    const c = await registerUser(cluster.apps[0]);
    await matchUsers(cluster.db, b.id, c.id);
    const aSocket = await watch(a);
    const cSocket = await watch(c);
    const res = await cluster.apps[0].inject({
      method: "GET",
      url: "/api/matches",
      headers: { cookie: a.cookie },
    });
    const matchId = res.json()[0].id;
    const block = await cluster.apps[0].inject({
      method: "POST",
      url: `/api/matches/${matchId}/block`,
      headers: { cookie: a.cookie },
      payload: { reason: "Spam or scam" },
    });
    expect(block.statusCode).toBe(200);
    const bSocket = await watch(b, 1);
    expect(await cSocket.next("presence")).toEqual({ type: "presence", userId: b.id, online: true });
    await caughtUp(aSocket, cluster.apps[1], a.id);
    expect(aSocket.all("presence")).toEqual([]);
    await Promise.all([aSocket.close(), bSocket.close(), cSocket.close()]);
  });
});
