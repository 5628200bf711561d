import type { Call, IceConfig } from "@kindred/shared/calls";
import type { SignallingSocket } from "../../lib/signalling-socket";
import type { CallQuality } from "./call-quality";
import type { SocketHooks } from "./call-room";
import { type CallState, INITIAL_CALL_STATE } from "./call-state";

/** Where the call record lives; one function per endpoint of the calls API. */
export interface CallApi {
  getActive(matchId: number): Promise<Call | null>;
  get(callId: number): Promise<Call>;
  create(matchId: number): Promise<Call>;
  update(callId: number, status: "active" | "rejected" | "cancelled" | "completed"): Promise<Call>;
  iceConfig(): Promise<IceConfig>;
}

export interface CallSessionDeps {
  matchId: number;
  userId: number;
  api: CallApi;
  openSocket: (hooks: SocketHooks) => SignallingSocket;
  /** Opens the microphone: that device, or the chosen one when null. */
  getUserMedia: (deviceId: string | null) => Promise<MediaStream>;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  /** The peer connection carrying the call, or null. */
  onPeer?: (pc: RTCPeerConnection | null) => void;
}

export interface CallSnapshot {
  state: CallState;
  /** The record as last read from the server. */
  call: Call | null;
  remoteStream: MediaStream | null;
  localStream: MediaStream | null;
  /** The other person muted their microphone. */
  peerMuted: boolean;
  quality: CallQuality | null;
}

export const INITIAL_SNAPSHOT: CallSnapshot = {
  state: INITIAL_CALL_STATE,
  call: null,
  remoteStream: null,
  localStream: null,
  peerMuted: false,
  quality: null,
};
