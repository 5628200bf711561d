// Around a call (issue 27 §3, §5): the missed calls a receiver is shown, and what a call changed.
import { z } from "zod";
import { callStatusSchema } from "./calls.ts";

const id = z.number().int();

/** A match's latest call, when it is one this person missed or declined ('Missed call from carol · 12:28'). */
export const missedCallSchema = z.object({
  callId: id,
  matchId: id,
  from: z.object({ id, username: z.string() }),
  /** When it rang (ISO). */
  at: z.string(),
  /** Seen once the receiver has opened Matches (or marked it seen); only unseen ones make the badge. */
  seen: z.boolean(),
});
export type MissedCall = z.infer<typeof missedCallSchema>;

/** GET /api/calls/missed, and the answer of POST /api/calls/missed/seen. Newest first. */
export const missedCallsSchema = z.object({
  calls: z.array(missedCallSchema),
  /** How many of `calls` are not seen yet: the Matches tab's badge. */
  unseen: z.number().int(),
});
export type MissedCalls = z.infer<typeof missedCallsSchema>;

/** POST /api/calls/missed/seen: one match's missed calls, or without matchId all of them. */
export const markMissedSeenSchema = z
  .object({
    matchId: z.number({ error: "matchId must be a match id" }).int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type MarkMissedSeenInput = z.infer<typeof markMissedSeenSchema>;

/** GET /api/calls/{id}/outcome: what an ended call was and what it changed, for the moment after it. */
export const callOutcomeSchema = z.object({
  callId: id,
  matchId: id,
  status: callStatusSchema,
  /** Seconds the two talked; 0 when it was never answered. */
  durationSeconds: z.number().int(),
  /** Whether it counted toward the ladder (DECISIONS "Unlocks"). */
  counted: z.boolean(),
  /** Which counted call of the match this was (1, 2, …); null when it did not count. */
  callNumber: z.number().int().nullable(),
  /** This call unlocked the chat / revealed the photos (it was the call that did it). */
  chatUnlocked: z.boolean(),
  photosRevealed: z.boolean(),
  /** The call day of the match's next call (its length comes from the shared ladder). */
  nextCallDay: z.number().int(),
  otherUser: z.object({ id, username: z.string() }),
});
export type CallOutcome = z.infer<typeof callOutcomeSchema>;
