// Around a call (issue 27 §3, §5): a receiver's missed and declined calls until seen or superseded,
// and what an ended call changed. Times are stated to the clock (its own sweep is an hour away).
import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";

// 0.1: a first call of 30 s, 6 s of talk to count.
const AN_HOUR = 3_600_000;
const cluster = useCluster("one instance", {
  CALL_TIME_SCALE: "0.1",
  CALL_SWEEP_MS: String(AN_HOUR),
  CALL_PEER_GONE_MS: String(AN_HOUR),
});
const app = () => cluster.apps[0];
type User = Awaited<ReturnType<typeof registerUser>>;
const as = (user: User) => ({
  get: (url: string) => app().inject({ method: "GET", url, headers: { cookie: user.cookie } }),
  post: (url: string, payload?: object) =>
    app().inject({ method: "POST", url, payload, headers: { cookie: user.cookie } }),
  patch: (url: string, payload: object) =>
    app().inject({ method: "PATCH", url, payload, headers: { cookie: user.cookie } }),
});

async function pairWith(a: User) {
  const b = await registerUser(app());
  return { b, matchId: await matchUsers(cluster.db, a.id, b.id) };
}

/** `from` rings `to` in the match; the call's id. */
async function ring(from: User, matchId: number): Promise<number> {
  const res = await as(from).post("/api/calls", { matchId });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** Rings nobody answers: the clock makes them missed. */
async function missAll() {
  await app().callClock.sweep(new Date(Date.now() + RING_TIMEOUT_MS + 1_000));
}

describe("missed calls", () => {
  it("lists the receiver's missed and declined calls, newest first, with the badge count, to them only", async () => {
    const me = await registerUser(app());
    const { b: carol, matchId: m1 } = await pairWith(me);
    const { b: dave, matchId: m2 } = await pairWith(me);
    const missed = await ring(carol, m1);
    await missAll();
    const declined = await ring(dave, m2);
    expect((await as(me).patch(`/api/calls/${declined}`, { status: "rejected" })).statusCode).toBe(200);

    const res = await as(me).get("/api/calls/missed");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      unseen: 2,
      calls: [
        {
          callId: declined,
          matchId: m2,
          from: { id: dave.id, username: dave.username },
          at: expect.any(String),
          seen: false,
        },
        {
          callId: missed,
          matchId: m1,
          from: { id: carol.id, username: carol.username },
          at: expect.any(String),
          seen: false,
        },
      ],
    });
    // The callers missed nothing (and never learn of the decline here either).
    expect((await as(carol).get("/api/calls/missed")).json()).toEqual({ unseen: 0, calls: [] });
    expect((await as(dave).get("/api/calls/missed")).json()).toEqual({ unseen: 0, calls: [] });
    expect((await app().inject({ method: "GET", url: "/api/calls/missed" })).statusCode).toBe(401);
  });

  it("marks one match's or all of them seen: the badge clears, the trace stays until a later call", async () => {
    const me = await registerUser(app());
    const { b: carol, matchId: m1 } = await pairWith(me);
    const { b: dave, matchId: m2 } = await pairWith(me);
    await ring(carol, m1);
    await ring(dave, m2);
    await missAll();

    // Only the receiver's own: the caller marking changes nothing, a foreign match is 404.
    expect((await as(carol).post("/api/calls/missed/seen", {})).statusCode).toBe(200);
    expect((await as(carol).post("/api/calls/missed/seen", { matchId: m2 })).statusCode).toBe(404);
    expect((await as(me).get("/api/calls/missed")).json().unseen).toBe(2);

    const one = await as(me).post("/api/calls/missed/seen", { matchId: m1 });
    expect(one.statusCode).toBe(200);
    expect(one.json().unseen).toBe(1);
    expect(one.json().calls.map((c: { matchId: number; seen: boolean }) => [c.matchId, c.seen])).toEqual([
      [m2, false],
      [m1, true],
    ]);
    const all = await as(me).post("/api/calls/missed/seen", {});
    expect(all.json()).toMatchObject({ unseen: 0, calls: [{ seen: true }, { seen: true }] });
    expect((await as(me).post("/api/calls/missed/seen", { matchId: "x" })).statusCode).toBe(400);

    // Calling back supersedes the trace: the match's latest call is no longer one I missed.
    await ring(me, m1);
    expect(
      (await as(me).get("/api/calls/missed")).json().calls.map((c: { matchId: number }) => c.matchId),
    ).toEqual([m2]);
  });

  it("a new missed call after a seen one makes the badge again", async () => {
    const me = await registerUser(app());
    const { b: carol, matchId } = await pairWith(me);
    await ring(carol, matchId);
    await missAll();
    await as(me).post("/api/calls/missed/seen", {});
    const again = await ring(carol, matchId);
    await missAll();
    expect((await as(me).get("/api/calls/missed")).json()).toMatchObject({
      unseen: 1,
      calls: [{ callId: again, seen: false }],
    });
  });

  it("drops a blocked or ended match's missed calls", async () => {
    const me = await registerUser(app());
    const { b: carol, matchId: m1 } = await pairWith(me);
    const { b: dave, matchId: m2 } = await pairWith(me);
    await ring(carol, m1);
    await ring(dave, m2);
    await missAll();
    await cluster.db.update(matches).set({ status: "blocked" }).where(eq(matches.id, m1));
    await cluster.db.update(matches).set({ status: "unmatched" }).where(eq(matches.id, m2));
    expect((await as(me).get("/api/calls/missed")).json()).toEqual({ unseen: 0, calls: [] });
  });
});

describe("a call's outcome", () => {
  /** A call answered, then hung up `talkMs` after the answer by the caller (stated to the clock). */
  async function talk(from: User, to: User, matchId: number, talkMs: number) {
    const id = await ring(from, matchId);
    const active = (await as(to).patch(`/api/calls/${id}`, { status: "active" })).json();
    await app().callClock.complete(id, "hangup", from.id, new Date(Date.parse(active.activeAt) + talkMs));
    return id;
  }

  it("says the call's length, which counted call it was, and the unlocks it made", async () => {
    const a = await registerUser(app());
    const { b, matchId } = await pairWith(a);
    const short = await talk(a, b, matchId, 2_000);
    expect((await as(b).get(`/api/calls/${short}/outcome`)).json()).toEqual({
      callId: short,
      matchId,
      status: "completed",
      durationSeconds: 2,
      counted: false,
      callNumber: null,
      chatUnlocked: false,
      photosRevealed: false,
      nextCallDay: 1,
      otherUser: { id: a.id, username: a.username },
    });
    const first = await talk(a, b, matchId, 10_000);
    expect((await as(a).get(`/api/calls/${first}/outcome`)).json()).toMatchObject({
      durationSeconds: 10,
      counted: true,
      callNumber: 1,
      chatUnlocked: false,
      nextCallDay: 2,
      otherUser: { username: b.username },
    });
    const second = await talk(b, a, matchId, 60_000);
    const outcome = (await as(a).get(`/api/calls/${second}/outcome`)).json();
    expect(outcome).toMatchObject({
      callNumber: 2,
      chatUnlocked: true,
      photosRevealed: false,
      nextCallDay: 3,
    });
    // Asked again later, the earlier call still says what it did then.
    expect((await as(b).get(`/api/calls/${first}/outcome`)).json()).toMatchObject({
      callNumber: 1,
      chatUnlocked: false,
    });
    // A basic caller has two starts a day: the third call is b's.
    const third = await talk(b, a, matchId, 10_000);
    expect((await as(b).get(`/api/calls/${third}/outcome`)).json()).toMatchObject({
      callNumber: 3,
      chatUnlocked: false,
      photosRevealed: true,
    });
  });

  it("is the participants' only, and only once the call has ended", async () => {
    const a = await registerUser(app());
    const { b, matchId } = await pairWith(a);
    const stranger = await registerUser(app());
    const id = await ring(a, matchId);
    expect((await as(a).get(`/api/calls/${id}/outcome`)).statusCode).toBe(409);
    expect((await as(stranger).get(`/api/calls/${id}/outcome`)).statusCode).toBe(404);
    await as(b).patch(`/api/calls/${id}`, { status: "rejected" });
    // The caller is told a decline as no answer, here too.
    expect((await as(a).get(`/api/calls/${id}/outcome`)).json()).toMatchObject({
      status: "missed",
      durationSeconds: 0,
    });
    expect((await as(b).get(`/api/calls/${id}/outcome`)).json()).toMatchObject({ status: "rejected" });
  });
});
