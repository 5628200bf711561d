// The call ladder (DECISIONS "Calls", "Unlocks"): one table for the server and every screen.
// No zod here: the incoming-call banner, on every page, imports it.

import { PLANS, type ProfileType } from "./plans.ts";

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

const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

export function ordinal(n: number): string {
  return ORDINALS[n - 1] ?? `${n}th`;
}

/** "5 minutes", "1 minute", "45 seconds". */
export function lengthText(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** "30 minutes when the caller is on Premium or Elite, 20 minutes when the caller is on Free". */
export function laterCallsText(): string {
  const byLength = new Map<number, string[]>();
  for (const [tier, seconds] of Object.entries(LATER_CALL_SECONDS)) {
    byLength.set(seconds, [...(byLength.get(seconds) ?? []), PLANS[tier as ProfileType].label]);
  }
  return [...byLength.entries()]
    .sort(([a], [b]) => b - a)
    .map(([seconds, labels]) => `${lengthText(seconds)} when the caller is on ${labels.join(" or ")}`)
    .join(", ");
}

/** A plan's calls when its member calls: "Calls of 5, 10, then 20 minutes" or "…20, then 30 minutes". */
export function callLadderLine(plan: string): string {
  const minutes = [...CALL_LADDER_SECONDS, callLengthSeconds(CALL_LADDER_SECONDS.length + 1, plan)].map(
    (s) => s / 60,
  );
  const distinct = minutes.filter((m, i) => m !== minutes[i - 1]);
  const last = distinct.pop();
  return `Calls of ${distinct.join(", ")}, then ${last} minutes`;
}
