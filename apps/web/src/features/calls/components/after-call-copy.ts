// The after-call dialog's words, apart from its markup so that they are unit-tested.
import { CALL_LADDER_SECONDS, CHAT_UNLOCK_CALLS } from "@kindred/shared/call-ladder";

/** '4 min 59 s', '5 min', '45 s'. */
export function talkedFor(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/** 'Call 2 of 3 done' along the ladder; past it, 'Call 4 done'. */
export function progressText(callNumber: number): string {
  const steps = CALL_LADDER_SECONDS.length;
  return callNumber <= steps ? `Call ${callNumber} of ${steps} done` : `Call ${callNumber} done`;
}

/** What is still ahead before the chat opens, after this many counted calls; null once it has. */
export function untilChatText(callNumber: number): string | null {
  const left = CHAT_UNLOCK_CALLS - callNumber;
  if (left <= 0) return null;
  return left === 1 ? "1 more call until chat" : `${left} more calls until chat`;
}
