import { type CallStatus, callIdOfRoom, callRoomId } from "@kindred/shared/calls";
import type { StatusClientFrame } from "@kindred/shared/presence";
import type { SignalClientFrame } from "@kindred/shared/signalling";

/** SPEC §2 "Developer pages": the product's sample match ids. */
export const SAMPLE_MATCH_IDS = [32, 1] as const;
export const DEFAULT_CALL_ID = 1;
export const DEFAULT_ROOM_ID = callRoomId(DEFAULT_CALL_ID);

/** A short but well-formed audio-only offer; the server relays SDP without reading it. */
export const SAMPLE_SDP = `${[
  "v=0",
  "o=- 7202651836153947101 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "m=audio 9 UDP/TLS/RTP/SAVPF 111",
  "c=IN IP4 0.0.0.0",
  "a=mid:0",
  "a=sendrecv",
  "a=rtcp-mux",
  "a=rtpmap:111 opus/48000/2",
].join("\r\n")}\r\n`;

/** A host candidate on a documentation address (RFC 5737), so it can never reach a real machine. */
export const SAMPLE_CANDIDATE = {
  candidate: "candidate:1 1 udp 2122260223 192.0.2.10 54321 typ host generation 0",
  sdpMid: "0",
  sdpMLineIndex: 0,
};

type Frame<T extends SignalClientFrame["type"]> = Extract<SignalClientFrame, { type: T }>;

export interface RelayTarget {
  roomId: string;
  /** Left out of the frame when unset: the server then relays to the room's other participant. */
  targetUserId?: number;
}

const target = ({ roomId, targetUserId }: RelayTarget) =>
  targetUserId === undefined ? { roomId } : { roomId, targetUserId };

export const buildRegister = (userId: number) => ({ type: "register", userId }) as const;
export const buildPing = (now = Date.now()) => ({ type: "ping", timestamp: now }) as const;
export const buildHeartbeat = (): StatusClientFrame => ({ type: "heartbeat" });
export const buildOffline = (userId: number): StatusClientFrame => ({ type: "offline", userId });

/** `data.callId` goes with a call room's name; a room that names no call is sent bare for the server to refuse. */
export function buildJoinRoom(roomId: string): Frame<"join_room"> {
  const callId = callIdOfRoom(roomId);
  return callId === null ? { type: "join_room", roomId } : { type: "join_room", roomId, data: { callId } };
}

export const buildLeaveRoom = (roomId: string): Frame<"leave_room"> => ({ type: "leave_room", roomId });

export const buildOffer = (to: RelayTarget): Frame<"offer"> => ({
  type: "offer",
  ...target(to),
  data: { sdp: { type: "offer", sdp: SAMPLE_SDP } },
});

export const buildAnswer = (to: RelayTarget): Frame<"answer"> => ({
  type: "answer",
  ...target(to),
  data: { sdp: { type: "answer", sdp: SAMPLE_SDP.replace("a=sendrecv", "a=sendrecv\r\na=setup:active") } },
});

export const buildIceCandidate = (to: RelayTarget): Frame<"ice_candidate"> => ({
  type: "ice_candidate",
  ...target(to),
  data: { candidate: { ...SAMPLE_CANDIDATE } },
});

export const buildIceComplete = (to: RelayTarget): Frame<"ice_complete"> => ({
  type: "ice_complete",
  ...target(to),
});

/** The 'call-initiate' sample: the caller announcing a ringing call. */
export function buildCallInitiate(
  { matchId, callId }: { matchId: number; callId: number },
  status: CallStatus = "pending",
): Frame<"call:status"> {
  return { type: "call:status", matchId, callId, status };
}
