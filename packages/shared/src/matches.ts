import { z } from "zod";
import { formatTime12, londonClock } from "./availability.ts";
import { SCHEDULE_HOURS } from "./constants.ts";
import { MATCH_UPDATED } from "./match-events.ts";
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

/** DECISIONS "Scheduling": 'Join call' shows from 10 minutes before the slot until 30 minutes after it. */
export const JOIN_CALL_BEFORE_MS = 10 * 60_000;
/** …and a slot this long past with no call clears itself (on the server). */
export const JOIN_CALL_AFTER_MS = 30 * 60_000;

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

export const UNMATCH_UPGRADE_MESSAGE =
  "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.";

export const REPORT_REASONS = [
  "Inappropriate or offensive behaviour",
  "Harassment or threats",
  "Fake profile or impersonation",
  "Inappropriate voice intro",
  "Spam or scam",
  "Appears to be under 21",
  "Something else",
] as const;

export const blockSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }),
  details: z.string().trim().max(1000, "Please keep the details under 1000 characters").optional(),
  /** 'Include our last 20 messages with this report': off unless ticked. */
  includeMessages: z.boolean().optional(),
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

/**
 * 'Scheduled: Fri 10:00 AM (UK time)' on the London clock. A slot a week or more ahead also names its
 * date ('Scheduled: Fri 12 Dec, 10:00 AM (UK time)'), since its weekday alone would mislead.
 */
export function scheduledSlotText(at: string, now: Date): string {
  const slot = londonClock(new Date(at));
  const today = londonClock(now);
  const hhmm = `${String(Math.floor(slot.secondOfDay / 3600)).padStart(2, "0")}:${String(Math.floor((slot.secondOfDay % 3600) / 60)).padStart(2, "0")}`;
  const weekday = slot.weekday.charAt(0).toUpperCase() + slot.weekday.slice(1, 3);
  const days = Math.round((Date.parse(slot.date) - Date.parse(today.date)) / DAY_MS);
  const day = days >= 7 ? `${weekday} ${slot.day} ${MONTHS[slot.month - 1]},` : weekday;
  return `Scheduled: ${day} ${formatTime12(hhmm)} (UK time)`;
}

/** The longest a screen waits before asking again (a timer of more than ~24.8 days would fire at once). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** When a screen showing this schedule should fetch it again: just after 'Join call' appears or goes. */
export function scheduleRefreshDelayMs(schedule: ScheduledCall): number {
  return Math.min(schedule.changesInMs + 1_000, LONGEST_WAIT_MS);
}
