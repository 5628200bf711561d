// The call ladder (DECISIONS "Calls", "Unlocks"): one table for the server and every screen.
// No zod here: the incoming-call banner, on every page, imports it.

/** Seconds of a call by call day; day 4 and later depend on the initiator's plan. */
export const CALL_LADDER_SECONDS = [300, 600, 1200] as const;
/** Day 4 and later: "Extended calls" for premium and elite; basic stays at the third call's length. */
export const LATER_CALL_SECONDS = { basic: 1200, premium: 1800, elite: 1800 } as const;

/** A call counts toward the ladder if it was active at least this long, or ran to its limit. */
export const COUNTED_AFTER_SECONDS = 60;
/** Nobody answered within this: missed. Never scaled by CALL_TIME_SCALE. */
export const RING_TIMEOUT_MS = 45_000;
/** Both sides are told this long before the deadline. */
export const CALL_WARNING_SECONDS = 30;
/** An active call whose participant has been gone from its room this long ends. */
export const PEER_GONE_MS = 20_000;
/** Chat unlocks after this many counted calls. */
export const CHAT_UNLOCK_CALLS = 2;

type Tier = keyof typeof LATER_CALL_SECONDS;

export function callLengthSeconds(callDay: number, initiatorPlan: string): number {
  const ladder = CALL_LADDER_SECONDS[Math.max(1, callDay) - 1];
  if (ladder !== undefined) return ladder;
  return LATER_CALL_SECONDS[(initiatorPlan in LATER_CALL_SECONDS ? initiatorPlan : "basic") as Tier];
}
