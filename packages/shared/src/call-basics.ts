// What the calls' code needs without their schemas (calls.ts, which re-exports it): a signed-in page's
// call manager loads no zod until a call's answer is parsed.

/** DECISIONS "Calls": pending → active → completed; pending → rejected, missed or cancelled. */
export const CALL_STATUSES = ["pending", "active", "completed", "rejected", "missed", "cancelled"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A call that is ringing or under way: at most one per match. */
export const LIVE_CALL_STATUSES = ["pending", "active"] as const satisfies readonly CallStatus[];

export function isLiveCall(status: string): boolean {
  return (LIVE_CALL_STATUSES as readonly string[]).includes(status);
}

/** The signalling socket's path. */
export const SIGNALLING_SOCKET_PATH = "/rtc";

/** The signalling room of a call (SPEC §4). */
export const callRoomId = (callId: number) => `call-${callId}`;

/** The call id of a room name, or null when it names no call room. */
export function callIdOfRoom(roomId: string): number | null {
  const m = /^call-([1-9][0-9]{0,9})$/.exec(roomId);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** The caller's sentence for a call that was declined or not answered: the two look the same. */
export const NOT_ANSWERED_MESSAGE = "The call was not answered";
