import {
  CALL_LADDER_SECONDS,
  CHAT_UNLOCK_CALLS,
  COUNTED_AFTER_SECONDS,
  callLengthSeconds,
  laterCallsText,
  lengthText,
  ordinal,
} from "@kindred/shared/call-ladder";

// The call page's explanation of limits, built from the shared ladder (DECISIONS "Calls", "Unlocks")
// so that it can never disagree with what the server enforces.

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface LimitsInput {
  /** Counted calls this pair has had. */
  callCount: number;
  photosRevealAfterCalls: number;
  isChatUnlocked: boolean;
  arePhotosRevealed: boolean;
  /** The plan of whoever starts the next call, when known (the current user, if they are calling). */
  callerPlan: string | null;
}

export interface LimitsText {
  ladder: string[];
  next: string;
  unlocks: string[];
  counting: string;
}

/** Every line of the explanation, for this match. */
export function limitsExplanation(input: LimitsInput): LimitsText {
  const ladder = CALL_LADDER_SECONDS.map((s, i) => `${capitalise(ordinal(i + 1))} call: ${lengthText(s)}`);
  ladder.push(`From the ${ordinal(CALL_LADDER_SECONDS.length + 1)} call: ${laterCallsText()}`);

  const day = input.callCount + 1;
  const known = day <= CALL_LADDER_SECONDS.length || input.callerPlan !== null;
  const next = known
    ? `This is your ${ordinal(day)} call together: ${lengthText(callLengthSeconds(day, input.callerPlan ?? "basic"))}.`
    : `This is your ${ordinal(day)} call together: its length depends on the caller's plan.`;

  const chat = input.isChatUnlocked
    ? "Messaging is unlocked for you two."
    : `Messaging unlocks after your ${ordinal(CHAT_UNLOCK_CALLS)} call.`;
  const photos = input.arePhotosRevealed
    ? "Your photos are revealed to each other."
    : `Photos are revealed after your ${ordinal(input.photosRevealAfterCalls)} call.`;
  const counting = `A call counts once it has lasted ${lengthText(COUNTED_AFTER_SECONDS).replace(/^1 minute$/, "a minute")} or run to its limit.`;
  return { ladder, next, unlocks: [chat, photos], counting };
}
