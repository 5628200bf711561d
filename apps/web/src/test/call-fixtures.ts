import type { Call, CallStatusEvent } from "@kindred/shared/calls";

/** Call 11 of match 4, from user 1 to user 2: pending, its first, of 5 minutes, at 12:00 UTC on 1 March 2026. */
export function call(patch: Partial<Call> = {}): Call {
  return {
    id: 11,
    matchId: 4,
    initiatorId: 1,
    receiverId: 2,
    startTime: "2026-03-01T12:00:00.000Z",
    activeAt: null,
    deadline: null,
    endTime: null,
    duration: null,
    callDay: 1,
    status: "pending",
    lengthSeconds: 300,
    serverNow: "2026-03-01T12:00:00.000Z",
    ...patch,
  };
}

/** The server's news that call 11 was answered at 12:00:10, sent at 12:00:12: it ends at 12:05:10. */
export function callStatusEvent(patch: Partial<CallStatusEvent> = {}): CallStatusEvent {
  return {
    type: "call:status",
    callId: 11,
    matchId: 4,
    status: "active",
    activeAt: "2026-03-01T12:00:10.000Z",
    deadlineAt: "2026-03-01T12:05:10.000Z",
    serverNow: "2026-03-01T12:00:12.000Z",
    ...patch,
  };
}
