import { z } from "zod";
import { MATCH_UPDATED } from "./match-events.ts";
import { REPORT_REASONS, SCHEDULE_TIMES } from "./match-schedule.ts";
import { callPreferencesSchema, publicUserSchema } from "./user.ts";

export {
  JOIN_CALL_AFTER_MS,
  JOIN_CALL_BEFORE_MS,
  REPORT_REASONS,
  SCHEDULE_TIMES,
  scheduledSlotText,
  scheduleRefreshDelayMs,
  UNMATCH_UPGRADE_MESSAGE,
} from "./match-schedule.ts";

export const MATCH_STATUSES = ["active", "unmatched", "blocked"] as const;
export const matchStatusSchema = z.enum(MATCH_STATUSES);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** Statuses after which a match is over for both people. */
export const ENDED_MATCH_STATUSES = ["unmatched", "blocked"] as const satisfies readonly MatchStatus[];

/** The one rule for "is this match live": every screen and server check asks this. */
export function isLiveMatch(status: string): boolean {
  return !(ENDED_MATCH_STATUSES as readonly string[]).includes(status);
}

/**
 * The person on the other side of a match: public fields plus, because they are matched, call times
 * and whether they have Kindred open right now (real presence, for matches only).
 */
export const matchedUserSchema = publicUserSchema.extend({
  callPreferences: callPreferencesSchema.nullable(),
  online: z.boolean(),
});
export type MatchedUser = z.infer<typeof matchedUserSchema>;

/**
 * The scheduled call as the viewer sees it: a slot one person proposed, which the other may accept or
 * replace. `canJoin` and `changesInMs` are by the server's clock: ask again after `changesInMs`, when
 * 'Join call' appears or goes (or the slot clears).
 */
export const scheduledCallSchema = z.object({
  at: z.string(),
  proposedBy: z.enum(["me", "them"]),
  accepted: z.boolean(),
  canJoin: z.boolean(),
  changesInMs: z.number().int().nonnegative(),
});
export type ScheduledCall = z.infer<typeof scheduledCallSchema>;

export const matchSchema = z.object({
  id: z.number().int(),
  userId1: z.number().int(),
  userId2: z.number().int(),
  compatibility: z.number().int(),
  matchDate: z.string(),
  callCount: z.number().int(),
  lastCallDate: z.string().nullable(),
  callScheduled: z.boolean(),
  scheduledCallTime: z.string().nullable(),
  /** Null when no call is scheduled (or its slot has passed). */
  schedule: scheduledCallSchema.nullable(),
  isChatUnlocked: z.boolean(),
  arePhotosRevealed: z.boolean(),
  status: matchStatusSchema,
  /** Counted calls after which this pair's photos are revealed: the larger N of the two plans. */
  photosRevealAfterCalls: z.number().int(),
  /** What both answered alike (their values, their love language): why they matched, in their words. */
  commonGround: z.array(z.string()),
  otherUser: matchedUserSchema,
});
export type Match = z.infer<typeof matchSchema>;
export const matchListSchema = z.array(matchSchema);

/** The largest id PostgreSQL's `serial` (int4) can hold: a bigger one would fail in the database. */
export const MAX_ID = 2_147_483_647;

/** A path id in plain decimal ("12", never "1e3", "0x10", " 12" or "012"), from 1 to MAX_ID. */
export const pathIdSchema = z
  .string({ error: "Not found" })
  .regex(/^[1-9][0-9]{0,9}$/, "Not found")
  .transform(Number)
  .refine((id) => id <= MAX_ID, "Not found");

export const idParamsSchema = z.object({ id: pathIdSchema });

export const unmatchResultSchema = z.object({
  ok: z.boolean(),
  status: z.string(),
  requiresUpgrade: z.boolean(),
  message: z.string(),
});

export const blockSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }),
  details: z.string().trim().max(1000, "Please keep the details under 1000 characters").optional(),
  /** 'Include our last 20 messages with this report': off unless ticked. */
  includeMessages: z.boolean().optional(),
});
export type BlockInput = z.infer<typeof blockSchema>;

export const scheduleSchema = z.object({
  date: z.string({ error: "Please choose a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date"),
  time: z
    .string({ error: "Please choose a time" })
    .transform((t) => t.padStart(5, "0"))
    .refine(
      (t) => (SCHEDULE_TIMES as string[]).includes(t),
      "Please choose an hourly time between 9:00 and 20:00",
    ),
});
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** Accepting names the slot accepted: if the other person has proposed another meanwhile, it is refused. */
export const acceptScheduleSchema = z.object({
  at: z.string({ error: "Please choose the time to accept" }).min(1, "Please choose the time to accept"),
});
export type AcceptScheduleInput = z.infer<typeof acceptScheduleSchema>;

/**
 * Pushed on both people's status sockets when a match changes (its schedule, or it ended): refetch it.
 * A new match reaches the person who did not ask for it with the username of the one who did.
 */
export const matchUpdatedFrame = z.object({
  type: z.literal(MATCH_UPDATED),
  matchId: z.number().int(),
  newMatchWith: z.string().optional(),
});
export type MatchUpdatedFrame = z.infer<typeof matchUpdatedFrame>;
