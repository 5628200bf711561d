import { callIdOfRoom, callRoomId } from "@kindred/shared/calls";
import { type SignalClientFrame, signalClientFrame } from "@kindred/shared/signalling";
import type { Db } from "../../db/client.ts";
import type { RoomStore } from "../../realtime/backend.ts";
import { type Connection, parseFrame } from "../../realtime/connection.ts";
import type { Hub } from "../../realtime/hub.ts";
import { findCallFor, findLiveCallFor } from "./data.ts";
import { statusEventFor } from "./present.ts";

/** A socket may be in this many call rooms at once (a call page holds one). */
const MAX_ROOMS_PER_SOCKET = 4;

type RelayFrame = Extract<
  SignalClientFrame,
  { type: "offer" | "answer" | "ice_candidate" | "ice_complete" | "connection_error" }
>;

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
 * ICE to the other participant of the room only. Whatever a frame claims, the sender is the session's.
 * Its frame handler is attached before it returns (the socket's frames are queued from then on); what
 * it returns leaves the socket's rooms once it closes.
 */
export function serveSignalling(conn: Connection, deps: SignallingDeps): () => Promise<void> {
  const { db, hub, rooms } = deps;
  conn.send({ type: "session_created", sessionId: conn.id });

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
    const participants = await rooms.join(callId, conn.userId, conn.id);
    // Perfect negotiation needs one polite peer: the receiver (as in Matrix VoIP).
    conn.send({ type: "room_joined", roomId, participants, polite: found.call.receiverId === conn.userId });
    await hub.send(found.otherUserId, {
      to: "room",
      callId,
      frame: { type: "participant_joined", roomId, userId: conn.userId },
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
    const userLeft = await rooms.leave(callId, conn.userId, conn.id);
    if (reply) conn.send({ type: "room_left", roomId });
    if (userLeft) {
      deps.roomLeft(callId, conn.userId);
      await hub.send(other, {
        to: "room",
        callId,
        frame: { type: "participant_left", roomId, userId: conn.userId },
      });
    }
  }

  async function relay(frame: RelayFrame) {
    const callId = callIdOfRoom(frame.roomId);
    const other = callId === null ? undefined : conn.rooms.get(callId);
    if (callId === null || other === undefined) {
      return conn.error(`Join the room before sending ${frame.type}.`);
    }
    if (frame.targetUserId !== undefined && frame.targetUserId !== other) {
      return conn.error("You can only signal the other person on this call.");
    }
    const type = frame.type === "connection_error" ? "peer_connection_error" : frame.type;
    const out = { type, roomId: frame.roomId, fromUserId: conn.userId, data: frame.data ?? {} };
    const reached = await hub.send(other, { to: "room", callId, frame: out });
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
