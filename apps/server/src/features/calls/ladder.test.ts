// The ladder: call lengths from the shared table, what counts, unlocks (chat after two counted calls,
// photos after the larger N of the two plans), a participant who is gone, and ICE/TURN credentials.
// No test waits on the wall clock: each states the time the clock acts at (the app's own sweep and
// grace are an hour away here, so they never act first), and waits only for what it expects to happen.
import { createHmac } from "node:crypto";
import { COUNTED_AFTER_SECONDS } from "@kindred/shared/call-ladder";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type CallRow, calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { TestSocket } from "../../test/sockets.ts";
import { CallClock } from "./clock.ts";

// 0.1: calls of 30, 60 and 120 s (180 s for a premium caller from the fourth), 6 s of talk to count.
const SCALE = 0.1;
const COUNT_AFTER_MS = COUNTED_AFTER_SECONDS * 1000 * SCALE;
const AN_HOUR = 3_600_000;
const cluster = useCluster("one instance", {
  CALL_TIME_SCALE: String(SCALE),
  CALL_SWEEP_MS: String(AN_HOUR),
  CALL_PEER_GONE_MS: String(AN_HOUR),
  TURN_URLS: "turn:turn.example:3478?transport=udp,turns:turn.example:443?transport=tcp",
  // No ICE_TRANSPORT_POLICY: with TURN configured, relay-only is the default.
  TURN_SECRET: "s3cret",
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

/** A call started and answered through the API (the server stamps the answer with its own time). */
async function answered(p: Awaited<ReturnType<typeof pair>>, caller: "a" | "b" = "a") {
  const [from, to] = caller === "a" ? [p.a, p.b] : [p.b, p.a];
  const started = (await call(from.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
  const active = (await call(to.cookie, "PATCH", `/api/calls/${started.id}`, { status: "active" })).json();
  return { id: started.id as number, from, activeAt: Date.parse(active.activeAt), deadline: active.deadline };
}

/** One call, answered, hung up by the caller `talkMs` after the answer; B calls when A has used a basic day's two. */
async function talk(p: Awaited<ReturnType<typeof pair>>, talkMs: number, caller: "a" | "b" = "a") {
  const { id, from, activeAt } = await answered(p, caller);
  const ended = await app().callClock.complete(id, "hangup", from.id, new Date(activeAt + talkMs));
  if (!ended) throw new Error(`call ${id} had ended before its hang-up`);
  return ended;
}

const matchOf = async (id: number) => (await cluster.db.select().from(matches).where(eq(matches.id, id)))[0];
const callOf = async (id: number) => (await cluster.db.select().from(calls).where(eq(calls.id, id)))[0];

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
    // ×0.1: 300, 600, 1200 s for everyone; then 1800 s for the premium caller, 1200 s for the basic one.
    expect(lengths).toEqual([30, 30, 60, 60, 120, 120, 180, 120]);
  });

  it("counts a call that lasted the threshold, not one a millisecond shorter, and never twice", async () => {
    const p = await pair();
    const short = await talk(p, COUNT_AFTER_MS - 1);
    expect(short).toMatchObject({ status: "completed", counted: false, duration: COUNT_AFTER_MS / 1000 - 1 });
    expect((await matchOf(p.matchId))?.callCount).toBe(0);
    const long = await talk(p, COUNT_AFTER_MS);
    expect(long).toMatchObject({ status: "completed", counted: true, duration: COUNT_AFTER_MS / 1000 });
    expect((await matchOf(p.matchId))?.callCount).toBe(1);
    // Ending it again, or a sweep after its deadline, changes nothing.
    expect(
      (await call(p.b.cookie, "PATCH", `/api/calls/${long.id}`, { status: "completed" })).statusCode,
    ).toBe(409);
    await app().callClock.sweep(new Date((long.deadline as Date).getTime() + 60_000));
    expect(await callOf(long.id)).toMatchObject({ counted: true, endReason: "hangup" });
    expect((await matchOf(p.matchId))?.callCount).toBe(1);
  });

  it("unlocks chat after the second counted call and basic photos after the third", async () => {
    const p = await pair();
    await talk(p, COUNT_AFTER_MS);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 1,
      isChatUnlocked: false,
      arePhotosRevealed: false,
    });
    await talk(p, COUNT_AFTER_MS);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 2,
      isChatUnlocked: true,
      arePhotosRevealed: false,
    });
    await talk(p, COUNT_AFTER_MS, "b");
    expect(await matchOf(p.matchId)).toMatchObject({ callCount: 3, arePhotosRevealed: true });
  });

  it("with mixed plans, reveals photos after the larger N: elite with premium after 2, elite with elite after 1", async () => {
    const mixed = await pair(["elite", "premium"]);
    const match = (await call(mixed.a.cookie, "GET", `/api/matches/${mixed.matchId}`)).json();
    expect(match.photosRevealAfterCalls).toBe(2);
    await talk(mixed, COUNT_AFTER_MS);
    expect((await matchOf(mixed.matchId))?.arePhotosRevealed).toBe(false);
    await talk(mixed, COUNT_AFTER_MS);
    expect((await matchOf(mixed.matchId))?.arePhotosRevealed).toBe(true);
    const elite = await pair(["elite", "elite"]);
    await talk(elite, COUNT_AFTER_MS);
    expect((await matchOf(elite.matchId))?.arePhotosRevealed).toBe(true);
  });

  it("a call that ran to its deadline counts, ends at the deadline, and clears a schedule it fulfilled", async () => {
    const p = await pair();
    await cluster.db
      .update(matches)
      .set({ callScheduled: true, scheduledCallTime: new Date(Date.now() - 60_000) })
      .where(eq(matches.id, p.matchId));
    const { id, deadline } = await answered(p);
    // A millisecond before its deadline a sweep leaves it be; at the deadline it ends it.
    await app().callClock.sweep(new Date(Date.parse(deadline) - 1));
    expect((await callOf(id))?.status).toBe("active");
    await app().callClock.sweep(new Date(deadline));
    const row = await callOf(id);
    expect(row).toMatchObject({ status: "completed", endReason: "deadline", counted: true, duration: 30 });
    expect(row?.endTime?.toISOString()).toBe(deadline);
    expect(await matchOf(p.matchId)).toMatchObject({
      callCount: 1,
      callScheduled: false,
      scheduledCallTime: null,
    });
  });

  it("a sweep asked for while another is under way waits for it, then runs at its own time", async () => {
    const { id, deadline } = await answered(await pair());
    // The first pass (short of the deadline) is still reading when the second is asked for.
    await Promise.all([
      app().callClock.sweep(new Date(Date.parse(deadline) - 1)),
      app().callClock.sweep(new Date(deadline)),
    ]);
    expect(await callOf(id)).toMatchObject({ status: "completed", endReason: "deadline" });
  });

  it("a deadline timer that fires before the clock reaches the deadline waits, then ends the call at it", async () => {
    const p = await pair();
    const watcher = await TestSocket.open(cluster.urls[0], "/ws", { cookie: p.a.cookie });
    const { id } = await answered(p);
    const active = (await callOf(id)) as CallRow;
    const deadline = (active.deadline as Date).getTime();
    // A clock of the test's own that reads 20 ms short of the deadline: its timer really fires (after
    // 20 ms) and finds the deadline still ahead. Each reading of the time tells the test.
    let now = deadline - 20;
    let onRead = () => {};
    const nextRead = () => new Promise<void>((resolve) => (onRead = resolve));
    const clock = new CallClock(app(), {
      sweepMs: AN_HOUR,
      timeScale: SCALE,
      now: () => {
        onRead();
        return now;
      },
    });
    try {
      clock.watchDeadline(active);
      await nextRead();
      // The timer read the time and set itself again; it did not end the call early.
      expect((await callOf(id))?.status).toBe("active");
      now = deadline;
      const ended = await watcher.next("call:status", 3_000, (f) => f.status === "completed");
      expect(ended).toMatchObject({ callId: id, reason: "deadline" });
    } finally {
      clock.stop();
    }
    const row = await callOf(id);
    expect(row).toMatchObject({ status: "completed", endReason: "deadline", duration: 30, counted: true });
    expect(row?.endTime?.getTime()).toBe(deadline);
    await watcher.close();
  });

  it("ends an active call when a participant has been out of its room for the grace, and tells the other", async () => {
    const p = await pair();
    const { id } = await answered(p);
    const aRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.a.cookie });
    const bRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    for (const s of [aRtc, bRtc]) s.send({ type: "join_room", roomId: `call-${id}` });
    await Promise.all([aRtc.next("room_joined"), bRtc.next("room_joined")]);
    const graceStarted = vi.spyOn(app().callClock, "participantLeft");
    try {
      await bRtc.close();
      await aRtc.next("participant_left");
      // Told before the other side is: B's grace has started on the app's clock (an hour here).
      expect(graceStarted).toHaveBeenCalledWith(id, p.b.id);
    } finally {
      graceStarted.mockRestore();
    }
    // The same grace on a clock of the test's own, where it is over at once: B is still out.
    const quick = new CallClock(app(), { sweepMs: AN_HOUR, timeScale: SCALE, peerGoneMs: 0 });
    try {
      quick.participantLeft(id, p.b.id);
      const ended = await aRtc.next("call:status", 3_000, (f) => f.status === "completed");
      expect(ended).toMatchObject({ callId: id, status: "completed", reason: "peer_gone" });
    } finally {
      quick.stop();
    }
    await aRtc.close();
  });

  it("a participant who comes back within the grace keeps the call", async () => {
    const p = await pair();
    const { id } = await answered(p);
    const aRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.a.cookie });
    const bRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    for (const s of [aRtc, bRtc]) s.send({ type: "join_room", roomId: `call-${id}` });
    await Promise.all([aRtc.next("room_joined"), bRtc.next("room_joined")]);
    await bRtc.close();
    await aRtc.next("participant_left");
    const back = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: p.b.cookie });
    back.send({ type: "join_room", roomId: `call-${id}` });
    await back.next("room_joined");
    // When B's grace runs out, B is in the room again: the call goes on.
    expect(await app().callClock.endIfGone(id, p.b.id)).toBeNull();
    expect((await call(p.a.cookie, "GET", `/api/calls/${id}`)).json().status).toBe("active");
    await Promise.all([aRtc.close(), back.close()]);
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
