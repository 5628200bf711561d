import { z } from "zod";

/** DECISIONS "Calls": pending → active → completed; pending → rejected, missed or cancelled. */
export const CALL_STATUSES = ["pending", "active", "completed", "rejected", "missed", "cancelled"] as const;
export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;

/** A call that is ringing or under way: at most one per match. */
export const LIVE_CALL_STATUSES = ["pending", "active"] as const satisfies readonly CallStatus[];

export function isLiveCall(status: string): boolean {
  return (LIVE_CALL_STATUSES as readonly string[]).includes(status);
}

/** The signalling room of a call (SPEC §4). */
export const callRoomId = (callId: number) => `call-${callId}`;

/** The call id of a room name, or null when it names no call room. */
export function callIdOfRoom(roomId: string): number | null {
  const m = /^call-([1-9][0-9]{0,9})$/.exec(roomId);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
