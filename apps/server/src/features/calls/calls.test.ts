// The calls API and the server's clock: who may do what, the ladder's numbers from the server, one live
// call per match, the daily allowance, and the deadline, ring timeout and counting rules.
import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { caughtUp, TestSocket } from "../../test/sockets.ts";

describe("calls API", () => {
  const cluster = useCluster("one instance");
  const app = () => cluster.apps[0];
  const as = (user: { cookie: string }) => ({
    post: (url: string, payload: object) =>
      app().inject({ method: "POST", url, payload, headers: { cookie: user.cookie } }),
    patch: (url: string, payload: object) =>
      app().inject({ method: "PATCH", url, payload, headers: { cookie: user.cookie } }),
    get: (url: string) => app().inject({ method: "GET", url, headers: { cookie: user.cookie } }),
  });
  async function pair() {
    const a = await registerUser(app());
    const b = await registerUser(app());
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    return { a, b, matchId };
  }

  it("starts a call with the server's call day, initiator and receiver, and rings the receiver's every socket", async () => {
    const { a, b, matchId } = await pair();
    const tab1 = await TestSocket.open(cluster.urls[0], "/ws", { cookie: b.cookie });
    const tab2 = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: b.cookie });
    const res = await as(a).post("/api/calls", { matchId });
    expect(res.statusCode).toBe(201);
    const call = res.json();
    expect(call).toMatchObject({
      matchId,
      initiatorId: a.id,
      receiverId: b.id,
      callDay: 1,
      status: "pending",
      lengthSeconds: 300,
    });
    for (const tab of [tab1, tab2]) {
      expect(await tab.next("call:incoming")).toMatchObject({
        callId: call.id,
        matchId,
        from: { id: a.id, username: a.username },
      });
    }
    expect(JSON.stringify(tab1.frames)).not.toMatch(/email|Real Name/);
    await Promise.all([tab1.close(), tab2.close()]);
  });

  it("lets a page that opens while a call rings fetch it, and nobody else", async () => {
    const { a, b, matchId } = await pair();
    const call = (await as(a).post("/api/calls", { matchId })).json();
    const ringing = (await as(b).get("/api/calls/incoming")).json();
    expect(ringing).toEqual([
      {
        type: "call:incoming",
        callId: call.id,
        matchId,
        from: { id: a.id, username: a.username, avatar: null },
        expiresAt: new Date(new Date(call.startTime).getTime() + RING_TIMEOUT_MS).toISOString(),
        serverNow: expect.any(String),
      },
    ]);
    expect((await as(a).get("/api/calls/incoming")).json()).toEqual([]);
    await as(b).patch(`/api/calls/${call.id}`, { status: "active" });
    expect((await as(b).get("/api/calls/incoming")).json()).toEqual([]);
  });

  it("refuses a client's initiator, receiver or call day that disagree with the session and the match", async () => {
    const { a, b, matchId } = await pair();
    expect((await as(a).post("/api/calls", { matchId, initiatorId: b.id })).statusCode).toBe(403);
    expect((await as(a).post("/api/calls", { matchId, receiverId: a.id })).statusCode).toBe(400);
    const wrongDay = await as(a).post("/api/calls", { matchId, callDay: 3 });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().message).toBe(`This would be call 1 with ${b.username}, not call 3.`);
    expect(
      (await as(a).post("/api/calls", { matchId, initiatorId: a.id, receiverId: b.id, callDay: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it("keeps one live call per match: a second start, from either side, joins it", async () => {
    const { a, b, matchId } = await pair();
    const [first, second] = await Promise.all([
      as(a).post("/api/calls", { matchId }),
      as(b).post("/api/calls", { matchId }),
    ]);
    expect(first.json().id).toBe(second.json().id);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect((await as(b).get(`/api/calls/match/${matchId}/active`)).json().id).toBe(first.json().id);
  });

  it("answers 404 to anyone but the participants, for every route", async () => {
    const { a, matchId } = await pair();
    const stranger = await registerUser(app());
    const call = (await as(a).post("/api/calls", { matchId })).json();
    expect((await as(stranger).get(`/api/calls/${call.id}`)).statusCode).toBe(404);
    expect((await as(stranger).patch(`/api/calls/${call.id}`, { status: "cancelled" })).statusCode).toBe(404);
    expect((await as(stranger).get(`/api/calls/match/${matchId}/active`)).statusCode).toBe(404);
    expect((await as(stranger).post("/api/calls", { matchId })).statusCode).toBe(404);
    expect((await as(stranger).get("/api/calls/99999999")).statusCode).toBe(404);
  });

  it("lets only the receiver answer or decline, and never trusts a client's times", async () => {
    const { a, b, matchId } = await pair();
    const call = (await as(a).post("/api/calls", { matchId })).json();
    expect((await as(a).patch(`/api/calls/${call.id}`, { status: "active" })).statusCode).toBe(403);
    expect((await as(a).patch(`/api/calls/${call.id}`, { status: "rejected" })).statusCode).toBe(403);
    const before = Date.now();
    const answered = await as(b).patch(`/api/calls/${call.id}`, {
      status: "active",
      startTime: "2000-01-01T00:00:00Z",
    });
    expect(answered.statusCode).toBe(200);
    const { activeAt, deadline } = answered.json();
    expect(new Date(activeAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(deadline).getTime() - new Date(activeAt).getTime()).toBe(300_000);
    expect((await as(b).patch(`/api/calls/${call.id}`, { status: "active" })).statusCode).toBe(409);
    const ended = await as(a).patch(`/api/calls/${call.id}`, {
      status: "completed",
      endTime: "2099-01-01T00:00:00Z",
    });
    expect(ended.json()).toMatchObject({ status: "completed", duration: expect.any(Number) });
    expect(new Date(ended.json().endTime).getFullYear()).not.toBe(2099);
    expect((await as(a).patch(`/api/calls/${call.id}`, { status: "completed" })).json().message).toBe(
      "This call has already ended.",
    );
  });

  it("tells the caller a declined call was not answered, the same as a missed one", async () => {
    const { a, b, matchId } = await pair();
    const aSocket = await TestSocket.open(cluster.urls[0], "/ws", { cookie: a.cookie });
    const bSocket = await TestSocket.open(cluster.urls[0], "/ws", { cookie: b.cookie });
    const call = (await as(a).post("/api/calls", { matchId })).json();
    expect((await as(b).patch(`/api/calls/${call.id}`, { status: "rejected" })).json().status).toBe(
      "rejected",
    );
    await aSocket.next("call:status");
    expect(await aSocket.next("call:status")).toMatchObject({
      callId: call.id,
      status: "missed",
      reason: "missed",
    });
    expect((await as(a).get(`/api/calls/${call.id}`)).json().status).toBe("missed");
    await bSocket.next("call:status");
    expect(await bSocket.next("call:status")).toMatchObject({ status: "rejected", reason: "declined" });
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("a caller who hangs up before an answer cancels the call, and the banner's tabs hear it", async () => {
    const { a, b, matchId } = await pair();
    const bSocket = await TestSocket.open(cluster.urls[0], "/ws", { cookie: b.cookie });
    const call = (await as(a).post("/api/calls", { matchId })).json();
    expect((await as(a).patch(`/api/calls/${call.id}`, { status: "completed" })).json().status).toBe(
      "cancelled",
    );
    await bSocket.next("call:status");
    expect(await bSocket.next("call:status")).toMatchObject({ status: "cancelled", reason: "cancelled" });
    await bSocket.close();
  });

  it("misses a call nobody answered within 45 s, and it can no longer be answered", async () => {
    const { a, b, matchId } = await pair();
    const call = (await as(a).post("/api/calls", { matchId })).json();
    await app().callClock.sweep(new Date(Date.now() + RING_TIMEOUT_MS - 2_000));
    expect((await as(a).get(`/api/calls/${call.id}`)).json().status).toBe("pending");
    await app().callClock.sweep(new Date(Date.now() + RING_TIMEOUT_MS + 1_000));
    expect((await as(a).get(`/api/calls/${call.id}`)).json()).toMatchObject({ status: "missed" });
    expect((await as(b).patch(`/api/calls/${call.id}`, { status: "active" })).statusCode).toBe(409);
  });

  it("limits calls started per day by plan (London day), and answering never counts", async () => {
    const caller = await registerUser(app());
    const people = await Promise.all([1, 2, 3].map(() => registerUser(app())));
    const ids = await Promise.all(people.map((p) => matchUsers(cluster.db, caller.id, p.id)));
    for (const [i, matchId] of ids.slice(0, 2).entries()) {
      const call = (await as(caller).post("/api/calls", { matchId })).json();
      expect(
        (await as(people[i] as { cookie: string }).patch(`/api/calls/${call.id}`, { status: "active" }))
          .statusCode,
      ).toBe(200);
    }
    expect((await as(caller).get("/api/calls/allowance")).json()).toMatchObject({
      used: 2,
      limit: 2,
      remaining: 0,
    });
    const refused = await as(caller).post("/api/calls", { matchId: ids[2] as number });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You've started all 2 calls your Free plan allows today. You can call again after midnight (UK time).",
    );
    // The receiver can still start calls of their own: answering is free.
    const receiver = people[0] as { cookie: string };
    expect((await as(receiver).get("/api/calls/allowance")).json()).toMatchObject({ used: 0, remaining: 2 });
    // Calls that reached active yesterday (London) no longer count.
    await cluster.db
      .update(calls)
      .set({ activeAt: new Date(Date.now() - 36 * 3_600_000) })
      .where(eq(calls.initiatorId, caller.id));
    expect((await as(caller).get("/api/calls/allowance")).json()).toMatchObject({ used: 0 });
  });
});

describe("the call clock across two instances", () => {
  const cluster = useCluster("two instances, in-process bus");

  it("ends an overdue call with no client attached exactly once, at its deadline, and counts it once", async () => {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const watcher = await TestSocket.open(cluster.urls[1], "/ws", { cookie: a.cookie });
    const call = (
      await cluster.apps[0].inject({
        method: "POST",
        url: "/api/calls",
        payload: { matchId },
        headers: { cookie: a.cookie },
      })
    ).json();
    const active = (
      await cluster.apps[1].inject({
        method: "PATCH",
        url: `/api/calls/${call.id}`,
        payload: { status: "active" },
        headers: { cookie: b.cookie },
      })
    ).json();
    const late = new Date(new Date(active.deadline).getTime() + 5_000);
    await Promise.all([
      cluster.apps[0].callClock.sweep(late),
      cluster.apps[1].callClock.sweep(late),
      cluster.apps[0].callClock.sweep(late),
    ]);
    const [row] = await cluster.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ status: "completed", endReason: "deadline", counted: true, duration: 300 });
    expect(row?.endTime?.toISOString()).toBe(active.deadline);
    const [match] = await cluster.db.select().from(matches).where(eq(matches.id, matchId));
    expect(match?.callCount).toBe(1);
    // Every sweep has announced what it ended: whatever they published has reached the watcher.
    await caughtUp(watcher, cluster.apps[1], a.id);
    const ends = watcher.all("call:status").filter((f) => f.status === "completed");
    expect(ends).toHaveLength(1);
    await watcher.close();
  });
});
