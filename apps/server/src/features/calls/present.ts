import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import type {
  Call,
  CallEndReason,
  CallStatus,
  CallStatusEvent,
  IncomingCallEvent,
} from "@kindred/shared/calls";
import type { CallRow } from "../../db/schema/calls.ts";
import type { UserRow } from "../../db/schema/users.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toCall(call: CallRow, now = new Date()): Call {
  return {
    id: call.id,
    matchId: call.matchId,
    initiatorId: call.initiatorId,
    receiverId: call.receiverId,
    startTime: call.startTime.toISOString(),
    activeAt: iso(call.activeAt),
    deadline: iso(call.deadline),
    endTime: iso(call.endTime),
    duration: call.duration,
    callDay: call.callDay,
    status: call.status,
    lengthSeconds: call.lengthSeconds,
    serverNow: now.toISOString(),
  };
}

/**
 * How a call ended as one participant is shown it. To the caller a decline is a call that was not
 * answered: the same status and reason as a ring that timed out (DECISIONS "Calls"). A block is shown
 * only to the person who blocked (`blockedBy`); the other, or anyone when it is not known, sees an
 * unmatch, so that a block is never revealed (DECISIONS "Safety").
 */
export function viewOf(
  call: Pick<CallRow, "status" | "endReason" | "initiatorId">,
  viewerId: number,
  blockedBy?: number,
): { status: CallStatus; reason: CallEndReason | null } {
  if (call.status === "rejected" && viewerId === call.initiatorId)
    return { status: "missed", reason: "missed" };
  if (call.endReason === "blocked" && viewerId !== blockedBy)
    return { status: call.status, reason: "unmatched" };
  return { status: call.status, reason: call.endReason };
}

/** What one participant is told of the call (see viewOf). */
export function statusEventFor(
  call: CallRow,
  viewerId: number,
  now = new Date(),
  blockedBy?: number,
): CallStatusEvent {
  const { status, reason } = viewOf(call, viewerId, blockedBy);
  return {
    type: "call:status",
    callId: call.id,
    matchId: call.matchId,
    status,
    activeAt: iso(call.activeAt),
    deadlineAt: iso(call.deadline),
    serverNow: now.toISOString(),
    ...(reason ? { reason } : {}),
  };
}

export function incomingEvent(
  call: CallRow,
  caller: Pick<UserRow, "id" | "username" | "avatar">,
  now = new Date(),
): IncomingCallEvent {
  return {
    type: "call:incoming",
    serverNow: now.toISOString(),
    callId: call.id,
    matchId: call.matchId,
    from: { id: caller.id, username: caller.username, avatar: caller.avatar },
    expiresAt: new Date(call.startTime.getTime() + RING_TIMEOUT_MS).toISOString(),
  };
}

/** A call as the API returns it to this viewer (the caller never learns of a decline). */
export function toCallFor(call: CallRow, viewerId: number, now = new Date()): Call {
  return { ...toCall(call, now), status: viewOf(call, viewerId).status };
}
