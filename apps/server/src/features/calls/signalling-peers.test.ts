// Issue 26 on /rtc: a peer connection runs between two sockets (targeted frames, every socket's
// joining and leaving), mute is relayed, and a ringing receiver's addresses never reach the caller.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../test/app.ts";
import { matchUsers, ringingCall, topologies, useCluster } from "../../test/cluster.ts";
import { caughtUp, TestSocket } from "../../test/sockets.ts";

const HOST = "candidate:1 1 udp 2122260223 192.0.2.7 51000 typ host generation 0";
const SRFLX = "candidate:2 1 udp 1686052607 203.0.113.9 51000 typ srflx raddr 192.0.2.7 rport 51000";
const RELAY = "candidate:3 1 udp 41885439 127.0.0.1 50000 typ relay raddr 0.0.0.0 rport 0";
const candidate = (line: string) => ({ candidate: { candidate: line, sdpMid: "0", sdpMLineIndex: 0 } });
const ANSWER_SDP = `v=0\r\nm=audio 51000 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 192.0.2.7\r\na=${HOST}\r\na=${RELAY}\r\n`;
const lines = (frames: Array<Record<string, unknown>>) =>
  frames.map((f) => (f.data as { candidate: { candidate: string } }).candidate.candidate);

describe.each(topologies())("signalling between sockets, %s", (topology) => {
  const cluster = useCluster(topology);

  /** A calls B; A's socket and two of B's (two tabs) in the room, with their connection ids. */
  async function ringing() {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const callId = await ringingCall(cluster.db, matchId, a.id, b.id);
    const roomId = `call-${callId}`;
    const open = async (i: 0 | 1, cookie: string) => {
      const socket = await TestSocket.open(cluster.urls[i], "/rtc", { cookie });
      const id = (await socket.next("session_created")).sessionId as string;
      socket.send({ type: "join_room", roomId });
      await socket.next("room_joined");
      return { socket, id };
    };
    const caller = await open(0, a.cookie);
    const tab1 = await open(1, b.cookie);
    const tab2 = await open(1, b.cookie);
    return { a, b, callId, roomId, caller, tab1, tab2 };
  }

  it("a frame sent to one socket reaches it alone; each socket's coming and going is told", async () => {
    const { a, b, roomId, caller, tab1, tab2 } = await ringing();
    expect(
      await caller.socket.next("participant_joined", 3_000, (f) => f.connectionId === tab2.id),
    ).toMatchObject({
      userId: b.id,
    });

    // The joiner sees who was there before it, socket by socket.
    const late = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: a.cookie });
    late.send({ type: "join_room", roomId });
    const peers = (await late.next("room_joined")).peers as Array<{ userId: number; connectionId: string }>;
    expect(peers.map((p) => p.connectionId).sort()).toEqual([tab1.id, tab2.id].sort());
    expect(peers.every((p) => p.userId === b.id)).toBe(true);
    await late.close();

    // A sender it claims is ignored: the server names the socket it came on.
    caller.socket.send({
      type: "offer",
      roomId,
      targetConnectionId: tab2.id,
      fromConnectionId: tab1.id,
      fromUserId: b.id,
      data: { sdp: { type: "offer", sdp: "v=0\r\n" } },
    });
    caller.socket.send({ type: "ice_complete", roomId });
    expect(await tab2.socket.next("offer")).toEqual({
      type: "offer",
      roomId,
      fromUserId: a.id,
      fromConnectionId: caller.id,
      data: { sdp: { type: "offer", sdp: "v=0\r\n" } },
    });
    await tab1.socket.next("ice_complete");
    expect(tab1.socket.all("offer")).toEqual([]);

    // One tab goes: the caller hears of that socket, though B is still in the room.
    await tab1.socket.close();
    expect(await caller.socket.next("participant_left")).toMatchObject({
      userId: b.id,
      connectionId: tab1.id,
    });
    await Promise.all([caller.socket.close(), tab2.socket.close()]);
  });

  it("mute goes to the other person, from the socket that sent it", async () => {
    const { a, roomId, caller, tab1, tab2 } = await ringing();
    caller.socket.send({ type: "mute", roomId, data: { muted: true } });
    for (const tab of [tab1, tab2]) {
      expect(await tab.socket.next("mute")).toEqual({
        type: "mute",
        roomId,
        fromUserId: a.id,
        fromConnectionId: caller.id,
        data: { muted: true },
      });
    }
    // Not echoed to the sender's own user: anything published before this marker has arrived.
    await caughtUp(caller.socket, cluster.apps[0], a.id);
    expect(caller.socket.all("mute")).toEqual([]);
    caller.socket.send({ type: "mute", roomId, data: { muted: "yes" } });
    expect((await caller.socket.next("error")).data).toEqual({ message: expect.stringMatching(/muted/) });
    await Promise.all([caller.socket.close(), tab1.socket.close(), tab2.socket.close()]);
  });

  it("while it rings, only relay candidates of the receiver reach the caller; after Answer, all do", async () => {
    const { b, callId, roomId, caller, tab1, tab2 } = await ringing();
    // The caller's own candidates are not held back.
    caller.socket.send({ type: "ice_candidate", roomId, data: candidate(HOST) });
    expect(lines([await tab1.socket.next("ice_candidate")])).toEqual([HOST]);

    for (const line of [HOST, SRFLX, RELAY])
      tab1.socket.send({ type: "ice_candidate", roomId, data: candidate(line) });
    tab1.socket.send({ type: "answer", roomId, data: { sdp: { type: "answer", sdp: ANSWER_SDP } } });
    const answer = await caller.socket.next("answer");
    expect(lines(caller.socket.all("ice_candidate"))).toEqual([RELAY]);
    const sdp = (answer.data as { sdp: { sdp: string } }).sdp.sdp;
    expect(sdp).not.toContain("192.0.2.7");
    expect(sdp).toContain("typ relay");

    const answered = await cluster.apps[1].inject({
      method: "PATCH",
      url: `/api/calls/${callId}`,
      payload: { status: "active" },
      headers: { cookie: b.cookie },
    });
    expect(answered.statusCode).toBe(200);
    tab1.socket.send({ type: "ice_candidate", roomId, data: candidate(SRFLX) });
    tab1.socket.send({ type: "ice_complete", roomId });
    await caller.socket.next("ice_complete");
    expect(lines(caller.socket.all("ice_candidate"))).toEqual([RELAY, SRFLX]);
    await Promise.all([caller.socket.close(), tab1.socket.close(), tab2.socket.close()]);
  });
});
