import { type Call, type CallStatus, type CallStatusEvent, isLiveCall } from "@kindred/shared/calls";
import { clockOffsetMs } from "./countdown";

/** SPEC §4 client call state. */
export type CallPhase = "idle" | "connecting" | "ringing" | "connected" | "ended" | "error";
export type CallRole = "caller" | "receiver";

/** What we know of the call record, from HTTP answers and socket news alike. */
export interface CallUpdate {
  callId: number;
  status: CallStatus;
  /** Server ms, or null before the call is active. */
  deadlineAt: number | null;
  serverNow: string | null;
  reason?: string;
  warning?: boolean;
}

export interface CallState {
  phase: CallPhase;
  role: CallRole | null;
  /** Where this side is: still looking, waiting for the receiver's decision, or setting up media. */
  stage: "idle" | "incoming" | "preparing";
  callId: number | null;
  status: CallStatus | null;
  deadlineAt: number | null;
  /** Server clock minus browser clock. */
  offsetMs: number;
  warned: boolean;
  inRoom: boolean;
  mediaConnected: boolean;
  everConnected: boolean;
  muted: boolean;
  error: string | null;
  micBlocked: boolean;
  /** The plan's calls per day are used up: the server's sentence says so, not a connection problem. */
  limitReached: boolean;
  /** A caller's call that was declined or never answered: the two look the same. */
  notAnswered: boolean;
  endReason: string | null;
  /** This side ended it (hang up, cancel, reject). */
  hungUp: boolean;
}

export type CallEvent =
  | { type: "incoming" }
  | { type: "preparing"; role: CallRole }
  | { type: "update"; update: CallUpdate; receivedAt: number }
  | { type: "joined" }
  | { type: "media"; connected: boolean }
  | { type: "muted"; muted: boolean }
  | { type: "failed"; message: string; micBlocked?: boolean; limitReached?: boolean }
  | { type: "hung-up" };

export const INITIAL_CALL_STATE: CallState = {
  phase: "idle",
  role: null,
  stage: "idle",
  callId: null,
  status: null,
  deadlineAt: null,
  offsetMs: 0,
  warned: false,
  inRoom: false,
  mediaConnected: false,
  everConnected: false,
  muted: false,
  error: null,
  micBlocked: false,
  limitReached: false,
  notAnswered: false,
  endReason: null,
  hungUp: false,
};

/** pending < active < any ending: news never moves a call backwards (an old poll after a push). */
function rank(status: CallStatus | null): number {
  if (status === null) return -1;
  if (status === "pending") return 0;
  return status === "active" ? 1 : 2;
}

export function updateFromCall(call: Call): CallUpdate {
  return {
    callId: call.id,
    status: call.status,
    deadlineAt: call.deadline ? Date.parse(call.deadline) : null,
    serverNow: call.serverNow,
  };
}

export function updateFromEvent(event: CallStatusEvent): CallUpdate {
  return {
    callId: event.callId,
    status: event.status,
    deadlineAt: event.deadlineAt ? Date.parse(event.deadlineAt) : null,
    serverNow: event.serverNow ?? null,
    reason: event.reason,
    warning: event.warning,
  };
}

function phaseOf(s: CallState): CallPhase {
  if (s.error) return "error";
  if (s.hungUp || (s.status !== null && !isLiveCall(s.status))) return "ended";
  if (s.role === null) return "idle";
  // Answered in another tab: this one stops ringing.
  if (s.stage === "incoming") return s.status === "pending" ? "ringing" : "ended";
  if (s.everConnected) return "connected";
  if (s.role === "caller" && s.inRoom && s.status === "pending") return "ringing";
  return "connecting";
}

function applyUpdate(s: CallState, u: CallUpdate, receivedAt: number): CallState {
  if (s.callId !== null && u.callId !== s.callId) return s;
  if (rank(u.status) < rank(s.status)) return s;
  if (rank(s.status) === 2 && u.status !== s.status) return s;
  const next: CallState = { ...s, callId: u.callId, status: u.status };
  if (u.deadlineAt !== null) next.deadlineAt = u.deadlineAt;
  if (u.serverNow) next.offsetMs = clockOffsetMs(u.serverNow, receivedAt);
  if (u.warning) next.warned = true;
  if (rank(u.status) === 2 && rank(s.status) < 2) {
    next.endReason = u.reason ?? null;
    next.notAnswered = u.status === "missed" || (u.status === "rejected" && s.role === "caller");
  }
  return next;
}

function apply(s: CallState, e: CallEvent): CallState {
  switch (e.type) {
    case "incoming":
      return { ...s, role: "receiver", stage: "incoming" };
    case "preparing":
      return { ...s, role: e.role, stage: "preparing" };
    case "update":
      return applyUpdate(s, e.update, e.receivedAt);
    case "joined":
      return { ...s, inRoom: true };
    case "media":
      return { ...s, mediaConnected: e.connected };
    case "muted":
      return { ...s, muted: e.muted };
    case "failed":
      return {
        ...s,
        error: e.message,
        micBlocked: e.micBlocked ?? false,
        limitReached: e.limitReached ?? false,
      };
    case "hung-up":
      return { ...s, hungUp: true };
  }
}

/** The one transition function: once ended or failed, a call stays so. */
export function callReducer(state: CallState, event: CallEvent): CallState {
  if (state.phase === "ended" || state.phase === "error") {
    // Only the record's own ending may still arrive (it tells a caller the call was not answered).
    if (event.type !== "update" || state.phase === "error") return state;
  }
  const next = apply(state, event);
  if (next === state) return state;
  // 'On Call' once media flows on an answered call; it stays so through an ICE restart.
  const everConnected = next.everConnected || (next.status === "active" && next.mediaConnected);
  const settled = { ...next, everConnected };
  return { ...settled, phase: phaseOf(settled) };
}
