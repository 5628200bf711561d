// Call rooms and relaying on /rtc, across topologies: only the two participants of a live call's match
// may join its room, and frames go to the other participant only, in order.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../test/app.ts";
import { matchUsers, ringingCall, topologies, useCluster } from "../../test/cluster.ts";
import { caughtUp, TestSocket } from "../../test/sockets.ts";

const OFFER = { sdp: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };

describe.each(topologies())("signalling, %s", (topology) => {
  const cluster = useCluster(topology);

  async function callSetup() {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const callId = await ringingCall(cluster.db, matchId, a.id, b.id);
    const aSocket = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: a.cookie });
    const bSocket = await TestSocket.open(cluster.urls[1], "/rtc", { cookie: b.cookie });
    return { a, b, matchId, callId, aSocket, bSocket, roomId: `call-${callId}` };
  }

  it("participants join, see each other, and relay offer, answer and ICE in order", async () => {
    const { a, b, callId, aSocket, bSocket, roomId } = await callSetup();
    const aConn = (await aSocket.next("session_created")).sessionId as string;
    const bConn = (await bSocket.next("session_created")).sessionId as string;
    aSocket.send({ type: "join_room", roomId, data: { callId } });
    expect(await aSocket.next("room_joined")).toEqual({
      type: "room_joined",
      roomId,
      participants: [a.id],
      polite: false,
      connectionId: aConn,
      peers: [],
    });
    bSocket.send({ type: "join_room", roomId, data: { callId } });
    const joined = await bSocket.next("room_joined");
    expect(joined.polite).toBe(true);
    expect([...(joined.participants as number[])].sort()).toEqual([a.id, b.id].sort());
    expect(joined.peers).toEqual([{ userId: a.id, connectionId: aConn }]);
    expect(await aSocket.next("participant_joined")).toEqual({
      type: "participant_joined",
      roomId,
      userId: b.id,
      connectionId: bConn,
    });

    aSocket.send({ type: "offer", roomId, targetUserId: b.id, data: OFFER });
    for (let i = 0; i < 20; i++) {
      aSocket.send({
        type: "ice_candidate",
        roomId,
        data: { candidate: { candidate: `candidate:${i}`, sdpMid: "0", sdpMLineIndex: 0 } },
      });
    }
    aSocket.send({ type: "ice_complete", roomId, targetUserId: b.id });
    expect(await bSocket.next("offer")).toEqual({
      type: "offer",
      roomId,
      fromUserId: a.id,
      fromConnectionId: aConn,
      data: OFFER,
    });
    await bSocket.next("ice_complete");
    const candidates = bSocket
      .all("ice_candidate")
      .map((f) => (f.data as { candidate: { candidate: string } }).candidate.candidate);
    expect(candidates).toEqual(Array.from({ length: 20 }, (_, i) => `candidate:${i}`));
    const offerAt = bSocket.frames.findIndex((f) => f.type === "offer");
    expect(bSocket.frames.findIndex((f) => f.type === "ice_candidate")).toBeGreaterThan(offerAt);

    bSocket.send({ type: "answer", roomId, data: { sdp: { type: "answer", sdp: "v=0\r\n" } } });
    expect(await aSocket.next("answer")).toMatchObject({ fromUserId: b.id });
    bSocket.send({ type: "connection_error", roomId, data: { message: "ICE failed" } });
    expect(await aSocket.next("peer_connection_error")).toMatchObject({
      fromUserId: b.id,
      data: { message: "ICE failed" },
    });
    // Nothing echoes back to the sender.
    expect(aSocket.all("offer")).toEqual([]);

    bSocket.send({ type: "leave_room", roomId });
    expect(await bSocket.next("room_left")).toEqual({ type: "room_left", roomId });
    expect(await aSocket.next("participant_left")).toEqual({
      type: "participant_left",
      roomId,
      userId: b.id,
      connectionId: bConn,
    });
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("a stranger can neither join the room nor get a frame relayed into it", async () => {
    const { a, b, callId, aSocket, bSocket, roomId } = await callSetup();
    const stranger = await registerUser(cluster.apps[0]);
    const s = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: stranger.cookie });
    aSocket.send({ type: "join_room", roomId });
    bSocket.send({ type: "join_room", roomId });
    await aSocket.next("room_joined");
    await bSocket.next("room_joined");

    s.send({ type: "join_room", roomId, data: { callId } });
    expect((await s.next("error")).data).toEqual({
      message: "You can't join that room: it isn't one of your calls, or the call has ended.",
    });
    s.send({ type: "offer", roomId, targetUserId: b.id, data: OFFER });
    expect((await s.next("error")).data).toEqual({ message: "Join the room before sending offer." });
    s.send({ type: "call:status", matchId: 1, callId, status: "active" });
    expect((await s.next("error")).data).toEqual({
      message: "That call isn't one of yours, or its match has ended.",
    });
    // A participant aiming at someone else is refused too.
    aSocket.send({ type: "offer", roomId, targetUserId: stranger.id, data: OFFER });
    expect((await aSocket.next("error")).data).toEqual({
      message: "You can only signal the other person on this call.",
    });
    // Both refused senders are on the first instance: anything it relayed to B or to the stranger
    // before refusing has arrived by the time a marker it publishes after has.
    await caughtUp(bSocket, cluster.apps[0], b.id);
    await caughtUp(s, cluster.apps[0], stranger.id);
    expect(bSocket.all("offer")).toEqual([]);
    expect(s.all("offer")).toEqual([]);
    expect(a.id).not.toBe(stranger.id);
    await Promise.all([s.close(), aSocket.close(), bSocket.close()]);
  });

  it("an ended call's room cannot be joined, and a bad room name is explained", async () => {
    const { callId, aSocket, roomId } = await callSetup();
    const { calls } = await import("../../db/schema/calls.ts");
    const { eq } = await import("drizzle-orm");
    await cluster.db.update(calls).set({ status: "completed" }).where(eq(calls.id, callId));
    aSocket.send({ type: "join_room", roomId });
    expect(((await aSocket.next("error")).data as { message: string }).message).toMatch(/call has ended/);
    aSocket.send({ type: "join_room", roomId: "lobby" });
    expect((await aSocket.next("error")).data).toEqual({
      message: '"lobby" is not a call room; rooms are named call-{callId}.',
    });
    await aSocket.close();
  });

  it("closing a socket leaves its rooms and tells the other participant", async () => {
    const { b, aSocket, bSocket, roomId } = await callSetup();
    const bConn = (await bSocket.next("session_created")).sessionId as string;
    // One after the other: joined at once, either may be first, and only the first hears of the second.
    aSocket.send({ type: "join_room", roomId });
    await aSocket.next("room_joined");
    bSocket.send({ type: "join_room", roomId });
    await aSocket.next("participant_joined");
    await bSocket.close();
    expect(await aSocket.next("participant_left")).toEqual({
      type: "participant_left",
      roomId,
      userId: b.id,
      connectionId: bConn,
    });
    await aSocket.close();
  });

  it("call:status asks where a call stands: the server answers the sender with its own view, and tells no one else", async () => {
    const { b, matchId, callId, aSocket, bSocket } = await callSetup();
    aSocket.send({ type: "call:status", matchId, callId, status: "cancelled" });
    expect(await aSocket.next("call:status")).toEqual({
      type: "call:status",
      matchId,
      callId,
      status: "pending",
      activeAt: null,
      deadlineAt: null,
      serverNow: expect.any(String),
    });
    await caughtUp(bSocket, cluster.apps[0], b.id);
    expect(bSocket.all("call:status")).toEqual([]);
    await Promise.all([aSocket.close(), bSocket.close()]);
  });
});
