import { CALL_WARNING_SECONDS } from "@kindred/shared/call-ladder";

// The server is the clock (DECISIONS "Calls"): the browser counts down to the server's deadline,
// corrected by how far its own clock is from the server's.

/** Server clock minus browser clock, in ms, from a `serverNow` read at `receivedAt` (browser ms). */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Whole seconds left until `deadlineAt` (server ms), never negative; rounded up so 0 means over. */
export function secondsLeft(deadlineAt: number, offsetMs: number, now: number): number {
  const serverNow = now + offsetMs;
  return Math.max(0, Math.ceil((deadlineAt - serverNow) / 1000));
}

/** mm:ss (SPEC §9 "call timer minutes:seconds"); minutes keep counting past 99. */
export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** The 30-second notice: the server's warning, or the clock says so even if the event was lost. */
export function inFinalWarning(left: number, warned: boolean): boolean {
  return warned || left <= CALL_WARNING_SECONDS;
}
