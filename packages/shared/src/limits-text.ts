// The words every screen uses for the daily call limit and the unlock ladder (issue 27 §5, §7), so the
// match card, the home plan card and the call page say the same thing. Pure: no zod, no React.

import { CHAT_UNLOCK_CALLS } from "./call-ladder.ts";
import type { CallAllowance } from "./calls.ts";
import { londonWallClock } from "./london-time.ts";
import type { Plan } from "./plans.ts";
import { formatTime12 } from "./slot-times.ts";

/** When the count starts again, on the London clock: "midnight", or a time such as "1:00 AM". */
export function resetTimeText(resetsAt: string): string {
  const at = new Date(resetsAt);
  if (Number.isNaN(at.getTime())) return "midnight";
  const { hour, minute } = londonWallClock(at);
  return hour === 0 && minute === 0 ? "midnight" : formatTime12(`${hour}:${String(minute).padStart(2, "0")}`);
}

/** The plan's calls for today are used up, and the day they belong to has not ended yet. */
export function dailyLimitReached(allowance: CallAllowance, now: Date = new Date()): boolean {
  return allowance.remaining <= 0 && now.getTime() < Date.parse(allowance.resetsAt);
}

/** "2 of 2 calls today · next from midnight": the one sentence for a reached limit. */
export function dailyLimitText(allowance: Pick<CallAllowance, "used" | "limit" | "resetsAt">): string {
  // After a downgrade `used` can exceed the new limit; "3 of 2" would read as a bug.
  const used = Math.min(allowance.used, allowance.limit);
  return `${used} of ${allowance.limit} calls today · next from ${resetTimeText(allowance.resetsAt)}`;
}

/** "Calls today: 1 of 2": the home plan card's line while calls remain. */
export function callsTodayText(allowance: Pick<CallAllowance, "used" | "limit">): string {
  return `Calls today: ${Math.min(allowance.used, allowance.limit)} of ${allowance.limit}`;
}

function calls(n: number): string {
  return n === 1 ? "1 more call" : `${n} more calls`;
}

export interface LadderState {
  callCount: number;
  isChatUnlocked: boolean;
  arePhotosRevealed: boolean;
  /** The larger N of the two plans (DECISIONS "Unlocks"). */
  photosRevealAfterCalls: number;
}

/**
 * Progress toward the next unlock: "1 more call until chat", "2 more calls until chat and photos",
 * "1 more call until chat · 2 until photos", or null once both are unlocked. The server's flags say
 * what is unlocked; the counts only say how far away the rest is.
 */
export function unlockProgressText(state: LadderState): string | null {
  const ahead = [
    { what: "chat", at: CHAT_UNLOCK_CALLS, done: state.isChatUnlocked },
    { what: "photos", at: state.photosRevealAfterCalls, done: state.arePhotosRevealed },
  ]
    .filter((step) => !step.done)
    .map((step) => ({ what: step.what, left: Math.max(1, step.at - state.callCount) }))
    .sort((a, b) => a.left - b.left);
  const [first, second] = ahead;
  if (!first) return null;
  if (!second) return `${calls(first.left)} until ${first.what}`;
  if (second.left === first.left) return `${calls(first.left)} until ${first.what} and ${second.what}`;
  return `${calls(first.left)} until ${first.what} · ${second.left} until ${second.what}`;
}

/** A plan card's limits: "Up to 2 calls a day" (calls you start), "Photos revealed after 3 calls". */
export function planLimitLines(plan: Pick<Plan, "callsPerDay" | "revealAfterCalls">): string[] {
  const reveal = plan.revealAfterCalls === 1 ? "1 call" : `${plan.revealAfterCalls} calls`;
  return [`Up to ${plan.callsPerDay} calls a day`, `Photos revealed after ${reveal}`];
}
