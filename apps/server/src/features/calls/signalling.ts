import { callIdOfRoom, callRoomId } from "@kindred/shared/calls";
import { type SignalClientFrame, signalClientFrame } from "@kindred/shared/signalling";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { calls } from "../../db/schema/calls.ts";
import type { RoomStore } from "../../realtime/backend.ts";
import { type Connection, parseFrame } from "../../realtime/connection.ts";
import type { Hub } from "../../realtime/hub.ts";
import { isRelayCandidate, withRelayCandidatesOnly } from "./candidate-privacy.ts";
import { callIsOverFor, findCallFor, findLiveCallFor } from "./data.ts";
import { statusEventFor } from "./present.ts";

/** A socket may be in this many call rooms at once (a call page holds one). */
const MAX_ROOMS_PER_SOCKET = 4;

type RelayFrame = Extract<
  SignalClientFrame,
  { type: "offer" | "answer" | "ice_candidate" | "ice_complete" | "connection_error" | "mute" }
>;

const CALL_OVER = "This call has ended, so nothing more can be sent in its room.";
const NOT_YOURS = "You can't join that room: it isn't one of your calls, or the call has ended.";

export interface SignallingDeps {
  db: Db;
  hub: Hub;
  rooms: RoomStore;
  /** Told when a user's last socket leaves a call room (closed, or left): the clock starts their grace. */
  roomLeft: (callId: number, userId: number) => void;
}

/**
 * The signalling socket (/rtc): register, ping, join and leave call rooms, and relay offer, answer and
 * ICE to the other participant of the room only (to one socket of theirs when targeted). Whatever a
 * frame claims, the sender is the session's. While a call rings, the receiver's addresses are held back.
 * Its frame handler is attached before it returns (the socket's frames are queued from then on); what
 * it returns leaves the socket's rooms once it closes.
 */
export function serveSignalling(conn: Connection, deps: SignallingDeps): () => Promise<void> {
  const { db, hub, rooms } = deps;
  conn.send({ type: "session_created", sessionId: conn.id });
  /** Calls this socket receives that were last seen ringing: its addresses are filtered for them. */
  const ringingForMe = new Set<number>();

  async function join(roomId: string, claimedCallId?: number) {
    const callId = callIdOfRoom(roomId);
    if (callId === null)
      return conn.error(`"${roomId.slice(0, 64)}" is not a call room; rooms are named call-{callId}.`);
    if (claimedCallId !== undefined && claimedCallId !== callId) {
      return conn.error("The room name and data.callId name different calls.");
    }
    if (!conn.rooms.has(callId) && conn.rooms.size >= MAX_ROOMS_PER_SOCKET) {
      return conn.error("This connection is already in as many rooms as it may join.");
    }
    const found = await findLiveCallFor(db, callId, conn.userId);
    if (!found) return conn.error(NOT_YOURS);
    conn.rooms.set(callId, found.otherUserId);
    if (found.call.receiverId === conn.userId && found.call.status === "pending") ringingForMe.add(callId);
    else ringingForMe.delete(callId);
    const members = await rooms.join(callId, conn.userId, conn.id);
    // The call may have ended between the check and the join, its room-ended already delivered:
    // looked at again now, an end that commits later still finds this socket in the room.
    if (!(await findLiveCallFor(db, callId, conn.userId))) {
      conn.rooms.delete(callId);
      await rooms.leave(callId, conn.userId, conn.id);
      return conn.error(NOT_YOURS);
    }
    // Perfect negotiation needs one polite peer: the receiver (as in Matrix VoIP).
    conn.send({
      type: "room_joined",
      roomId,
      participants: [...new Set(members.map((m) => m.userId))],
      polite: found.call.receiverId === conn.userId,
      connectionId: conn.id,
      peers: members
        .filter((m) => m.userId === found.otherUserId)
        .map((m) => ({ userId: m.userId, connectionId: m.connId })),
    });
    await hub.send(found.otherUserId, {
      to: "room",
      callId,
      frame: { type: "participant_joined", roomId, userId: conn.userId, connectionId: conn.id },
    });
  }

  async function leave(roomId: string, reply: boolean) {
    const callId = callIdOfRoom(roomId);
    const other = callId === null ? undefined : conn.rooms.get(callId);
    if (callId === null || other === undefined) {
      if (reply) conn.error("You are not in that room.");
      return;
    }
    conn.rooms.delete(callId);
    ringingForMe.delete(callId);
    const userLeft = await rooms.leave(callId, conn.userId, conn.id);
    if (reply) conn.send({ type: "room_left", roomId });
    // Each socket's leaving is news (its peer connection goes); the clock's grace starts with the last.
    if (userLeft) deps.roomLeft(callId, conn.userId);
    await hub.send(other, {
      to: "room",
      callId,
      frame: { type: "participant_left", roomId, userId: conn.userId, connectionId: conn.id },
    });
  }

  /**
   * The frame as it may reach the caller: until the call is answered, a receiver's frames pass with
   * relay candidates only (null: drop it). Once it is seen answered, it is not looked up again.
   */
  async function heldBack(callId: number, frame: RelayFrame): Promise<RelayFrame | null> {
    if (!ringingForMe.has(callId)) return frame;
    const carries = frame.type === "ice_candidate" || frame.type === "offer" || frame.type === "answer";
    if (!carries) return frame;
    // Answered (activeAt set) is what lifts it: a call that ended unanswered keeps its receiver's addresses.
    // One row's one column: the join already checked the call is this user's.
    const [row] = await db.select({ activeAt: calls.activeAt }).from(calls).where(eq(calls.id, callId));
    if (row?.activeAt) {
      ringingForMe.delete(callId);
      return frame;
    }
    if (frame.type === "ice_candidate") {
      const line = frame.data.candidate.candidate;
      // An empty candidate marks the end of gathering: it carries no address.
      return line.trim() === "" || isRelayCandidate(line) ? frame : null;
    }
    if (frame.type === "offer" || frame.type === "answer") {
      const sdp = { ...frame.data.sdp, sdp: withRelayCandidatesOnly(frame.data.sdp.sdp) };
      return { ...frame, data: { sdp } } as RelayFrame;
    }
    return frame;
  }

  async function relay(frame: RelayFrame) {
    const callId = callIdOfRoom(frame.roomId);
    const other = callId === null ? undefined : conn.rooms.get(callId);
    if (callId === null || other === undefined) {
      // Its room closed when the call ended (or its match did): say so, rather than "join".
      if (callId !== null && (await callIsOverFor(db, callId, conn.userId))) return conn.error(CALL_OVER);
      return conn.error(`Join the room before sending ${frame.type}.`);
    }
    if (frame.targetUserId !== undefined && frame.targetUserId !== other) {
      return conn.error("You can only signal the other person on this call.");
    }
    const sent = await heldBack(callId, frame);
    if (!sent) return;
    const type = sent.type === "connection_error" ? "peer_connection_error" : sent.type;
    const out = {
      type,
      roomId: sent.roomId,
      fromUserId: conn.userId,
      fromConnectionId: conn.id,
      data: sent.data ?? {},
    };
    const connId = sent.targetConnectionId;
    const reached = await hub.send(other, { to: "room", callId, ...(connId ? { connId } : {}), frame: out });
    if (reached === 0) conn.error("The other person isn't connected right now.");
  }

  async function callStatus(frame: Extract<SignalClientFrame, { type: "call:status" }>) {
    const found = await findCallFor(db, frame.callId, conn.userId);
    if (!found || found.call.matchId !== frame.matchId) {
      return conn.error("That call isn't one of yours, or its match has ended.");
    }
    conn.send(statusEventFor(found.call, conn.userId));
  }

  conn.onFrames(async (text) => {
    const parsed = parseFrame(text, signalClientFrame);
    if ("error" in parsed) return conn.error(parsed.error);
    const frame = parsed.frame;
    switch (frame.type) {
      case "register":
        return conn.send({ type: "registered", userId: conn.userId });
      case "ping":
        return conn.send({ type: "pong", timestamp: frame.timestamp, serverTime: Date.now() });
      case "join_room":
        return join(frame.roomId, frame.data?.callId);
      case "leave_room":
        return leave(frame.roomId, true);
      case "call:status":
        return callStatus(frame);
      default:
        return relay(frame);
    }
  });

  /** On close: leave every room, telling the other participant. */
  return async () => {
    for (const callId of [...conn.rooms.keys()]) await leave(callRoomId(callId), false);
  };
}
