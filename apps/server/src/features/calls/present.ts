import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import type { Call, CallStatusEvent, IncomingCallEvent } from "@kindred/shared/calls";
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
 * What one participant is told of the call. To the caller a decline is a call that was not
 * answered: the same status and reason as a ring that timed out (DECISIONS "Calls").
 */
export function statusEventFor(call: CallRow, viewerId: number, now = new Date()): CallStatusEvent {
  const hideDecline = call.status === "rejected" && viewerId === call.initiatorId;
  return {
    type: "call:status",
    callId: call.id,
    matchId: call.matchId,
    status: hideDecline ? "missed" : call.status,
    activeAt: iso(call.activeAt),
    deadlineAt: iso(call.deadline),
    serverNow: now.toISOString(),
    ...(call.endReason ? { reason: hideDecline ? "missed" : call.endReason } : {}),
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
  const shown = toCall(call, now);
  if (call.status === "rejected" && viewerId === call.initiatorId) shown.status = "missed";
  return shown;
}
