import { z } from "zod";
import { callStatusEventSchema, callStatusSchema } from "./calls.ts";
import { claimedUserId, errorFrame, pingFrame, pongFrame } from "./socket-frames.ts";

export { SIGNALLING_SOCKET_PATH } from "./call-basics.ts";

const id = z.number().int().positive().max(2_147_483_647);
const roomId = z.string().min(1).max(64);

const sdp = (kind: "offer" | "answer") => {
  const missing = `An ${kind} needs its SDP`;
  return z.object(
    { type: z.literal(kind, { error: missing }), sdp: z.string({ error: missing }).min(1, missing) },
    { error: missing },
  );
};

export const iceCandidate = z.object({
  candidate: z.string(),
  sdpMid: z.string().nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().nullable().optional(),
});

/** A socket's id (`session_created.sessionId`): a peer connection runs between two sockets. */
const connectionId = z.string().min(1).max(64);

/**
 * Frames relayed to the other participant of a room; `targetUserId`, when sent, must be them;
 * `targetConnectionId` sends to that one socket of theirs.
 */
const relayed = {
  offer: z.object({ sdp: sdp("offer") }),
  answer: z.object({ sdp: sdp("answer") }),
  ice_candidate: z.object({ candidate: iceCandidate }),
  ice_complete: z.object({}).optional(),
  connection_error: z.object({ message: z.string().max(500) }),
  /** The sender muted or unmuted their microphone. */
  mute: z.object({ muted: z.boolean() }),
};
const relayFrame = <T extends keyof typeof relayed>(type: T) =>
  z.object({
    type: z.literal(type),
    roomId,
    targetUserId: id.optional(),
    targetConnectionId: connectionId.optional(),
    data: relayed[type],
  });

/** Frames a client sends on /rtc (SPEC §7). */
export const signalClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("register"), userId: claimedUserId }),
  z.object({ type: z.literal("join_room"), roomId, data: z.object({ callId: id }).optional() }),
  z.object({ type: z.literal("leave_room"), roomId }),
  relayFrame("offer"),
  relayFrame("answer"),
  relayFrame("ice_candidate"),
  relayFrame("ice_complete"),
  relayFrame("connection_error"),
  relayFrame("mute"),
  pingFrame,
  /** "Where does this call stand?": answered with the server's `call:status` event, to the sender only. */
  z.object({ type: z.literal("call:status"), matchId: id, callId: id, status: callStatusSchema.optional() }),
]);
export type SignalClientFrame = z.infer<typeof signalClientFrame>;
export type RelayType =
  | "offer"
  | "answer"
  | "ice_candidate"
  | "ice_complete"
  | "peer_connection_error"
  | "mute";

const peer = z.object({ userId: z.number().int(), connectionId: z.string() });

/** Frames the server sends on /rtc. Relayed frames carry the sender the server saw, never a claimed one. */
export const signalServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("session_created"), sessionId: z.string() }),
  z.object({ type: z.literal("registered"), userId: z.number().int() }),
  z.object({
    type: z.literal("room_joined"),
    roomId,
    participants: z.array(z.number().int()),
    /** Perfect negotiation: the receiver is the polite peer. */
    polite: z.boolean(),
    /** This socket's id, and the other person's sockets in the room. */
    connectionId: z.string(),
    peers: z.array(peer),
  }),
  z.object({ type: z.literal("room_left"), roomId }),
  z.object({
    type: z.literal("participant_joined"),
    roomId,
    userId: z.number().int(),
    connectionId: z.string(),
  }),
  z.object({
    type: z.literal("participant_left"),
    roomId,
    userId: z.number().int(),
    connectionId: z.string(),
  }),
  ...(["offer", "answer", "ice_candidate", "ice_complete", "peer_connection_error", "mute"] as const).map(
    (type) =>
      z.object({
        type: z.literal(type),
        roomId,
        fromUserId: z.number().int(),
        fromConnectionId: z.string(),
        data: z.unknown(),
      }),
  ),
  callStatusEventSchema,
  pongFrame,
  errorFrame,
]);
export type SignalServerFrame = z.infer<typeof signalServerFrame>;
