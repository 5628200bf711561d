// Blocking or unmatching cuts the line at once, and an ended call's room relays nothing more: on one
// instance, on two, and over Redis. Each person is on their own instance (A on the first, B on the second).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calls } from "../../db/schema/calls.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, topologies, useCluster } from "../../test/cluster.ts";
import { caughtUp, TestSocket } from "../../test/sockets.ts";

const OFFER = { sdp: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };
const CALL_OVER = "This call has ended, so nothing more can be sent in its room.";

describe.each(topologies())("call safety, %s", (topology) => {
  const cluster = useCluster(topology);
  const request = (
    i: 0 | 1,
    cookie: string,
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
  ) => cluster.apps[i].inject({ method, url, payload, headers: { cookie } });

  /** A and B matched, each with an /rtc socket (A on the first instance, B on the second). */
  async function pair() {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const aRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: a.cookie });
    const bRtc = await TestSocket.open(cluster.urls[1], "/rtc", { cookie: b.cookie });
    return { a, b, matchId, aRtc, bRtc };
  }

  /** A calls B, B answers, both join the room, and an offer from A reaches B. */
  async function onCall() {
    const p = await pair();
    const call = (await request(0, p.a.cookie, "POST", "/api/calls", { matchId: p.matchId })).json();
    expect(
      (await request(1, p.b.cookie, "PATCH", `/api/calls/${call.id}`, { status: "active" })).statusCode,
    ).toBe(200);
    const roomId = `call-${call.id}`;
    p.aRtc.send({ type: "join_room", roomId });
    await p.aRtc.next("room_joined");
    p.bRtc.send({ type: "join_room", roomId });
    await p.bRtc.next("room_joined");
    p.aRtc.send({ type: "offer", roomId, data: OFFER });
    await p.bRtc.next("offer");
    return { ...p, callId: call.id as number, roomId };
  }

  const ended = (callId: number) => (f: { [key: string]: unknown }) =>
    f.callId === callId && f.status !== "pending" && f.status !== "active";

  /** No socket of the user, on either instance, is still in the room, nor is the shared registry. */
  async function outOfRoom(callId: number, userId: number) {
    for (const app of cluster.apps) {
      const conns = [...app.realtime.hub.connections()].filter((c) => c.userId === userId);
      expect(conns.some((c) => c.rooms.has(callId))).toBe(false);
    }
    await expect.poll(() => cluster.apps[0].realtime.rooms.isIn(callId, userId)).toBe(false);
  }

  async function callRow(callId: number) {
    const [row] = await cluster.db.select().from(calls).where(eq(calls.id, callId));
    return row;
  }

  it("a block mid-call ends the call at once for both, and nothing more is relayed between them", async () => {
    const { a, b, matchId, callId, roomId, aRtc, bRtc } = await onCall();
    expect(
      (await request(1, b.cookie, "POST", `/api/matches/${matchId}/block`, { reason: "Spam or scam" }))
        .statusCode,
    ).toBe(200);
    // Both told at once; only B, who blocked, is told it was a block.
    expect(await bRtc.next("call:status", 3_000, ended(callId))).toMatchObject({
      status: "completed",
      reason: "blocked",
    });
    expect(await aRtc.next("call:status", 3_000, ended(callId))).toMatchObject({
      status: "completed",
      reason: "unmatched",
    });
    expect(await callRow(callId)).toMatchObject({
      status: "completed",
      endReason: "blocked",
      counted: false,
    });
    await outOfRoom(callId, a.id);
    await outOfRoom(callId, b.id);

    // A keeps signalling: every frame refused, and none reaches B (the audit saw 28 of 28 delivered).
    aRtc.send({ type: "offer", roomId, data: OFFER });
    for (let i = 0; i < 20; i++) {
      aRtc.send({ type: "ice_candidate", roomId, data: { candidate: { candidate: `candidate:${i}` } } });
    }
    await expect.poll(() => aRtc.all("error").length).toBe(21);
    expect(new Set(aRtc.all("error").map((f) => (f.data as { message: string }).message))).toEqual(
      new Set([CALL_OVER]),
    );
    await caughtUp(bRtc, cluster.apps[0], b.id);
    expect(bRtc.all("offer")).toHaveLength(1);
    expect(bRtc.all("ice_candidate")).toEqual([]);
    expect(bRtc.all("participant_left")).toEqual([]);

    // A stale page's hang-up: 404, for either (the call and its match are gone for them), never 500.
    for (const [i, who] of [
      [0, a],
      [1, b],
    ] as const) {
      const res = await request(i, who.cookie, "PATCH", `/api/calls/${callId}`, { status: "completed" });
      expect(res.statusCode).toBe(404);
      expect((await request(i, who.cookie, "GET", `/api/calls/${callId}`)).statusCode).toBe(404);
      expect((await request(i, who.cookie, "GET", `/api/calls/match/${matchId}/active`)).statusCode).toBe(
        404,
      );
    }
    // Nor can the room be joined again.
    aRtc.send({ type: "join_room", roomId });
    expect(((await aRtc.next("error")).data as { message: string }).message).toMatch(/call has ended/);
    await Promise.all([aRtc.close(), bRtc.close()]);
  });

  it("an unmatch mid-call ends it the same way, told as an unmatch to both, and counts by the usual rule", async () => {
    const { a, b, matchId, callId, roomId, aRtc, bRtc } = await onCall();
    // Active for over a minute by the time it ends: it counts, as a hang-up then would.
    await cluster.db
      .update(calls)
      .set({ activeAt: new Date(Date.now() - 90_000) })
      .where(eq(calls.id, callId));
    await request(0, a.cookie, "POST", "/api/subscription", { profileType: "premium" });
    expect((await request(0, a.cookie, "POST", `/api/matches/${matchId}/unmatch`)).statusCode).toBe(200);
    for (const socket of [aRtc, bRtc]) {
      expect(await socket.next("call:status", 3_000, ended(callId))).toMatchObject({
        status: "completed",
        reason: "unmatched",
      });
    }
    expect(await callRow(callId)).toMatchObject({
      status: "completed",
      endReason: "unmatched",
      counted: true,
    });
    await outOfRoom(callId, b.id);
    bRtc.send({ type: "answer", roomId, data: { sdp: { type: "answer", sdp: "v=0\r\n" } } });
    expect(((await bRtc.next("error")).data as { message: string }).message).toBe(CALL_OVER);
    await caughtUp(aRtc, cluster.apps[1], a.id);
    expect(aRtc.all("answer")).toEqual([]);
    expect(
      (await request(1, b.cookie, "PATCH", `/api/calls/${callId}`, { status: "completed" })).statusCode,
    ).toBe(404);
    await Promise.all([aRtc.close(), bRtc.close()]);
  });

  it("a block while it rings ends the ring on every tab of the person called, at once", async () => {
    const { a, b, matchId, aRtc, bRtc } = await pair();
    const bTab = await TestSocket.open(cluster.urls[1], "/ws", { cookie: b.cookie });
    const call = (await request(0, a.cookie, "POST", "/api/calls", { matchId })).json();
    await bTab.next("call:incoming");
    await bRtc.next("call:incoming");
    // The caller blocks: B's banner goes, and B is not told it was a block.
    expect(
      (await request(0, a.cookie, "POST", `/api/matches/${matchId}/block`, { reason: "Spam or scam" }))
        .statusCode,
    ).toBe(200);
    for (const tab of [bTab, bRtc]) {
      // The banner's contract: a call:status for that call that is not pending.
      expect(await tab.next("call:status", 3_000, ended(call.id))).toMatchObject({
        status: "cancelled",
        reason: "unmatched",
      });
    }
    expect(await aRtc.next("call:status", 3_000, ended(call.id))).toMatchObject({
      status: "cancelled",
      reason: "blocked",
    });
    expect(await callRow(call.id)).toMatchObject({ status: "cancelled", endReason: "blocked", duration: 0 });
    expect((await request(1, b.cookie, "GET", "/api/calls/incoming")).json()).toEqual([]);
    expect(
      (await request(1, b.cookie, "PATCH", `/api/calls/${call.id}`, { status: "active" })).statusCode,
    ).toBe(404);
    await Promise.all([aRtc.close(), bRtc.close(), bTab.close()]);
  });

  it("after a hang-up the room relays nothing: neither at once, nor once the end has reached the sender", async () => {
    const { a, b, callId, roomId, aRtc, bRtc } = await onCall();
    expect(
      (await request(0, a.cookie, "PATCH", `/api/calls/${callId}`, { status: "completed" })).statusCode,
    ).toBe(200);
    // At once, before B's socket may have heard the end: whatever B's instance does, A gets nothing.
    bRtc.send({ type: "answer", roomId, data: { sdp: { type: "answer", sdp: "v=0\r\n" } } });
    // Once B has heard the end (its room closed before the news, on the same channel): refused.
    expect(await bRtc.next("call:status", 3_000, ended(callId))).toMatchObject({ reason: "hangup" });
    bRtc.send({ type: "offer", roomId, data: OFFER });
    await expect
      .poll(() => bRtc.all("error").map((f) => (f.data as { message: string }).message))
      .toContain(CALL_OVER);
    await caughtUp(aRtc, cluster.apps[1], a.id);
    expect(aRtc.all("answer")).toEqual([]);
    expect(aRtc.all("offer")).toEqual([]);
    expect(aRtc.all("participant_left")).toEqual([]);
    await outOfRoom(callId, a.id);
    await outOfRoom(callId, b.id);
    await Promise.all([aRtc.close(), bRtc.close()]);
  });

  it("a call the clock ends (its deadline) closes its room too", async () => {
    const { a, b, callId, roomId, aRtc, bRtc } = await onCall();
    const deadline = (await callRow(callId))?.deadline;
    if (!deadline) throw new Error("no deadline");
    await cluster.apps[1].callClock.sweep(new Date(deadline.getTime() + 1_000));
    expect(await aRtc.next("call:status", 3_000, ended(callId))).toMatchObject({ reason: "deadline" });
    aRtc.send({ type: "offer", roomId, data: OFFER });
    expect(((await aRtc.next("error")).data as { message: string }).message).toBe(CALL_OVER);
    await caughtUp(bRtc, cluster.apps[0], b.id);
    expect(bRtc.all("offer")).toHaveLength(1);
    await outOfRoom(callId, a.id);
    await outOfRoom(callId, b.id);
    await Promise.all([aRtc.close(), bRtc.close()]);
  });
});
