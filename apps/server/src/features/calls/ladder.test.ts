// The ladder: call lengths from the shared table, what counts, unlocks (chat after two counted calls,
// photos after the larger N of the two plans), a participant who is gone, and ICE/TURN credentials.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { sleep, TestSocket } from "../../test/sockets.ts";

// 0.01: a first call of 3 s, and 0.6 s of talk to count.
const cluster = useCluster("one instance", {
  CALL_TIME_SCALE: "0.01",
  CALL_PEER_GONE_MS: "300",
  TURN_URLS: "turn:turn.example:3478?transport=udp,turns:turn.example:443?transport=tcp",
  TURN_SECRET: "s3cret",
  ICE_TRANSPORT_POLICY: "relay",
  STUN_URLS: "stun:stun.example:3478",
});
const app = () => cluster.apps[0];
const call = (cookie: string, method: "POST" | "PATCH" | "GET", url: string, payload?: object) =>
  app().inject({ method, url, payload, headers: { cookie } });

async function pair(plans: [string, string] = ["basic", "basic"]) {
  const a = await registerUser(app());
  const b = await registerUser(app());
  for (const [user, plan] of [
    [a, plans[0]],
    [b, plans[1]],
  ] as const) {
    if (plan !== "basic") await call(user.cookie, "POST", "/api/subscription", { profileType: plan });
  }
  return { a, b, matchId: await matchUsers(cluster.db, a.id, b.id) };
}

/** One call, answered, hung up by the caller after `talkMs`; B calls when A has used a basic day's two. */
async function talk(p: Awaited<ReturnType<typeof pair>>, talkMs: number, caller: "a" | "b" = "a") {
  const [from, to] = caller === "a" ? [p.a, p.b] : [p.b, p.a];
  const started = (await call(from.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
  await call(to.cookie, "PATCH", `/api/calls/${started.id}`, { status: "active" });
  await sleep(talkMs);
  return (await call(from.cookie, "PATCH", `/api/calls/${started.id}`, { status: "completed" })).json();
}

const matchOf = async (id: number) => (await cluster.db.select().from(matches).where(eq(matches.id, id)))[0];

describe("the call ladder", () => {
  it("gives each call day its length, the initiator's plan deciding from the fourth call", async () => {
    const p = await pair(["premium", "basic"]);
    const lengths: number[] = [];
    for (const day of [0, 1, 2, 3]) {
      await cluster.db.update(matches).set({ callCount: day }).where(eq(matches.id, p.matchId));
      for (const who of [p.a, p.b]) {
        const c = (await call(who.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
        lengths.push(c.lengthSeconds);
        await call(who.cookie, "PATCH", `/api/calls/${c.id}`, { status: "cancelled" });
      }
    }
    // ×0.01: 300, 600, 1200 s for everyone; then 1800 s for the premium caller, 1200 s for the basic one.
    expect(lengths).toEqual([3, 3, 6, 6, 12, 12, 18, 12]);
  });

  it("counts a call that lasted the threshold, not a shorter one, and never twice", async () => {
    const p = await pair();
    const short = await talk(p, 0);
    expect(short.status).toBe("completed");
    expect((await matchOf(p.matchId))?.callCount).toBe(0);
    const long = await talk(p, 700);
    expect((await matchOf(p.matchId))?.callCount).toBe(1);
    // Ending it again, or a sweep after its deadline, changes nothing.
    expect(
      (await call(p.b.cookie, "PATCH", `/api/calls/${long.id}`, { status: "completed" })).statusCode,
    ).toBe(409);
    await app().callClock.sweep(new Date(Date.now() + 60_000));
    const [row] = await cluster.db.select().from(calls).where(eq(calls.id, long.id));
    expect(row).toMatchObject({ counted: true, endReason: "hangup" });
    expect((await matchOf(p.matchId))?.callCount).toBe(1);
  });

  it("unlocks chat after the second counted call and basic photos after the third", async () => {
    const p = await pair();
    await talk(p, 700);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 1,
      isChatUnlocked: false,
      arePhotosRevealed: false,
    });
    await talk(p, 700);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 2,
      isChatUnlocked: true,
      arePhotosRevealed: false,
    });
    await talk(p, 700, "b");
    expect(await matchOf(p.matchId)).toMatchObject({ callCount: 3, arePhotosRevealed: true });
  });

  it("with mixed plans, reveals photos after the larger N: elite with premium after 2, elite with elite after 1", async () => {
    const mixed = await pair(["elite", "premium"]);
    const match = (await call(mixed.a.cookie, "GET", `/api/matches/${mixed.matchId}`)).json();
    expect(match.photosRevealAfterCalls).toBe(2);
    await talk(mixed, 700);
    expect((await matchOf(mixed.matchId))?.arePhotosRevealed).toBe(false);
    await talk(mixed, 700);
    expect((await matchOf(mixed.matchId))?.arePhotosRevealed).toBe(true);
    const elite = await pair(["elite", "elite"]);
    await talk(elite, 700);
    expect((await matchOf(elite.matchId))?.arePhotosRevealed).toBe(true);
  });

  it("a call that ran to its deadline counts, ends at the deadline, and clears a schedule it fulfilled", async () => {
    const p = await pair();
    await cluster.db
      .update(matches)
      .set({ callScheduled: true, scheduledCallTime: new Date(Date.now() - 60_000) })
      .where(eq(matches.id, p.matchId));
    const c = (await call(p.a.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
    const active = (await call(p.b.cookie, "PATCH", `/api/calls/${c.id}`, { status: "active" })).json();
    await sleep(4_200);
    const [row] = await cluster.db.select().from(calls).where(eq(calls.id, c.id));
    expect(row).toMatchObject({ status: "completed", endReason: "deadline", counted: true, duration: 3 });
    expect(row?.endTime?.toISOString()).toBe(active.deadline);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 1,
      callScheduled: false,
      scheduledCallTime: null,
    });
  });

  it("a deadline timer that fires before the clock reaches the deadline waits, then ends the call at it", async () => {
    const p = await pair();
    const c = (await call(p.a.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
    await call(p.b.cookie, "PATCH", `/api/calls/${c.id}`, { status: "active" });
    const [active] = await cluster.db.select().from(calls).where(eq(calls.id, c.id));
    const deadline = active?.deadline as Date;
    const rowOf = async () => (await cluster.db.select().from(calls).where(eq(calls.id, c.id)))[0];
    // Only the wall clock is held: the timer really fires, 20 ms "before" the deadline.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(deadline.getTime() - 20);
      app().callClock.watchDeadline(active as CallRow);
      await sleep(150);
      expect((await rowOf())?.status).toBe("active");
      vi.setSystemTime(deadline);
      await sleep(150);
    } finally {
      vi.useRealTimers();
    }
    const ended = await rowOf();
    expect(ended).toMatchObject({ status: "completed", endReason: "deadline", duration: 3, counted: true });
    expect(ended?.endTime?.toISOString()).toBe(deadline.toISOString());
  });

  it("ends an active call when a participant has been out of its room too long, and tells the other", async () => {
    const p = await pair();
    // A third call (12 s at this scale): the deadline stays well clear of the 300 ms grace.
    await cluster.db.update(matches).set({ callCount: 2 }).where(eq(matches.id, p.matchId));
    const c = (await call(p.a.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
    await call(p.b.cookie, "PATCH", `/api/calls/${c.id}`, { status: "active" });
    const aRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.a.cookie });
    const bRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    for (const s of [aRtc, bRtc]) s.send({ type: "join_room", roomId: `call-${c.id}` });
    await Promise.all([aRtc.next("room_joined"), bRtc.next("room_joined")]);
    await bRtc.close();
    await aRtc.next("participant_left");
    let last = await aRtc.next("call:status", 2_000);
    while (last.status !== "completed") last = await aRtc.next("call:status", 2_000);
    expect(last).toMatchObject({ callId: c.id, status: "completed", reason: "peer_gone" });
    await aRtc.close();
  });

  it("a participant who comes back within the grace keeps the call", async () => {
    const p = await pair();
    await cluster.db.update(matches).set({ callCount: 2 }).where(eq(matches.id, p.matchId));
    const c = (await call(p.a.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
    await call(p.b.cookie, "PATCH", `/api/calls/${c.id}`, { status: "active" });
    const bRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    bRtc.send({ type: "join_room", roomId: `call-${c.id}` });
    await bRtc.next("room_joined");
    await bRtc.close();
    const back = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    back.send({ type: "join_room", roomId: `call-${c.id}` });
    await back.next("room_joined");
    await sleep(500);
    expect((await call(p.a.cookie, "GET", `/api/calls/${c.id}`)).json().status).toBe("active");
    await back.close();
  });
});

describe("ICE servers", () => {
  it("hands out STUN, and TURN with time-limited credentials coturn can check, and the relay policy", async () => {
    const user = await registerUser(app());
    const res = await call(user.cookie, "GET", "/api/calls/ice-servers");
    const { iceServers, iceTransportPolicy } = res.json();
    expect(iceTransportPolicy).toBe("relay");
    expect(iceServers[0]).toEqual({ urls: ["stun:stun.example:3478"] });
    const turn = iceServers[1];
    const [expiry, userId] = turn.username.split(":").map(Number);
    expect(userId).toBe(user.id);
    expect(expiry * 1000 - Date.now()).toBeGreaterThan(1800 * 1000);
    expect(expiry * 1000 - Date.now()).toBeLessThan(3 * 3600 * 1000);
    expect(turn.credential).toBe(createHmac("sha1", "s3cret").update(turn.username).digest("base64"));
    expect(JSON.stringify(res.json())).not.toContain("s3cret");
  });
});
