import { type CallStatus, isLiveCall } from "@kindred/shared/call-basics";
import type { Call, CallStatusEvent } from "@kindred/shared/calls";
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
  /** The call's record answered 404: the match ended (blocked, unmatched), and the call with it. */
  gone: boolean;
}

export type CallEvent =
  | { type: "incoming" }
  | { type: "preparing"; role: CallRole }
  | { type: "update"; update: CallUpdate; receivedAt: number }
  | { type: "joined" }
  | { type: "media"; connected: boolean }
  | { type: "muted"; muted: boolean }
  | { type: "failed"; message: string; micBlocked?: boolean; limitReached?: boolean }
  | { type: "hung-up" }
  | { type: "gone" };

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
  gone: false,
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
  if (s.hungUp || s.gone || (s.status !== null && !isLiveCall(s.status))) return "ended";
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
    case "gone":
      return s.gone ? s : { ...s, gone: true };
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

/** How an ended call reads on the page (issue 27 §3, §4); anything else is SPEC's 'Call Ended'. */
export type CallEnding = "no-answer" | "cancelled" | "peer-left" | "ended";

/**
 * The caller's unanswered call (declined looks the same) is 'No answer'; the caller's own Cancel Call
 * is 'Call cancelled'; a call the server ended because the other person stayed gone, after this page
 * saw them drop, is '{username} left the call'.
 */
export function callEnding(state: CallState, sawPeerDrop: boolean): CallEnding {
  if (state.phase !== "ended") return "ended";
  if (state.role === "caller" && state.notAnswered) return "no-answer";
  // Cancel Call reads so at once, before the server's 'cancelled' comes back.
  const unanswered = state.status === null || state.status === "pending" || state.status === "cancelled";
  if (state.role === "caller" && state.hungUp && unanswered) return "cancelled";
  if (state.endReason === "peer_gone" && !state.hungUp && sawPeerDrop) return "peer-left";
  return "ended";
}
