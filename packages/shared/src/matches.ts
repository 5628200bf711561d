import { z } from "zod";
import { SCHEDULE_HOURS } from "./constants.ts";
import { callPreferencesSchema, publicUserSchema } from "./user.ts";

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
  isChatUnlocked: z.boolean(),
  arePhotosRevealed: z.boolean(),
  status: matchStatusSchema,
  /** Counted calls after which this pair's photos are revealed: the larger N of the two plans. */
  photosRevealAfterCalls: z.number().int(),
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

export const UNMATCH_UPGRADE_MESSAGE =
  "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.";

export const REPORT_REASONS = [
  "Inappropriate or offensive behaviour",
  "Harassment or threats",
  "Fake profile or impersonation",
  "Spam or scam",
  "Appears to be under 21",
  "Something else",
] as const;

export const blockSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }),
  details: z.string().trim().max(1000, "Please keep the details under 1000 characters").optional(),
});
export type BlockInput = z.infer<typeof blockSchema>;

/** "9:00" … "20:00": the hourly slots the schedule dialog offers. */
export const SCHEDULE_TIMES = SCHEDULE_HOURS.map((h) => `${String(h).padStart(2, "0")}:00`);

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
