import { isLiveCall } from "@kindred/shared/call-basics";
import type { CallAllowance } from "@kindred/shared/calls";
import { dailyLimitReached } from "@kindred/shared/limits-text";

// Issue 27 §2, §7: before the call page dials a new call it says what it knows. Joining a call that
// already rings or runs is never held back.

export type DialGate =
  /** Still finding out (the match's live call, their presence, my allowance). */
  | { kind: "checking" }
  /** Go: open the call manager's session (join, answer, or dial). */
  | { kind: "open" }
  /** They are offline: 'Call anyway' or 'Schedule a call'. */
  | { kind: "offline" }
  /** The day's calls are used up: say so, never dial into a 429. */
  | { kind: "limit"; allowance: CallAllowance };

export interface DialGateInput {
  /** The call manager already has a live session for this match (this tab rings, or is on it). */
  sessionLive: boolean;
  /** The match's live call from the server: undefined while loading, null when none. */
  activeCall: { status: string } | null | undefined;
  otherOnline: boolean | undefined;
  allowance: CallAllowance | undefined;
  /** 'Call anyway' was pressed, or this page already dialled. */
  confirmed: boolean;
  now?: Date;
}

export function dialGate(input: DialGateInput): DialGate {
  if (input.sessionLive || input.confirmed) return { kind: "open" };
  if (input.activeCall === undefined) return { kind: "checking" };
  if (input.activeCall && isLiveCall(input.activeCall.status)) return { kind: "open" };
  // Without an allowance (its request failed) the server still refuses over the limit, with its sentence.
  if (input.allowance && dailyLimitReached(input.allowance, input.now)) {
    return { kind: "limit", allowance: input.allowance };
  }
  if (input.otherOnline === undefined) return { kind: "checking" };
  return input.otherOnline ? { kind: "open" } : { kind: "offline" };
}

export const offlineText = (username: string) => `${username} isn't online right now.`;
