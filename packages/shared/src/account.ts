import { z } from "zod";
import { statementSchema } from "./statement.ts";
import { selfUserSchema } from "./user.ts";

const id = z.number().int();

/** What a Google-only account types to confirm its deletion (it has no password to give). */
export const DELETE_CONFIRMATION = "DELETE";

/** DELETE /api/user: the password, or for an account without one the typed confirmation. */
export const deleteAccountSchema = z.strictObject(
  {
    password: z.string({ error: "Enter your password." }).max(200, "Enter your password.").optional(),
    confirm: z.string().max(50).optional(),
  },
  { error: "Send your password (or the confirmation) as a JSON object." },
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
/** An ISO 8601 instant. */
const instant = z.string();

/** GET /api/user/export: everything the service holds about the person asking, and nothing of anyone else's. */
export const accountExportSchema = z.object({
  exportedAt: instant,
  profile: selfUserSchema,
  matches: z.array(
    z.object({
      id,
      userId1: id,
      userId2: id,
      compatibility: z.number().int(),
      matchDate: instant,
      callCount: z.number().int(),
      lastCallDate: instant.nullable(),
      callScheduled: z.boolean(),
      scheduledCallTime: instant.nullable(),
      isChatUnlocked: z.boolean(),
      arePhotosRevealed: z.boolean(),
      status: z.string(),
      unmatchedBy: id.nullable(),
      unmatchedDate: instant.nullable(),
    }),
  ),
  messagesSent: z.array(z.object({ id, matchId: id, content: z.string(), sentAt: instant })),
  calls: z.array(
    z.object({
      id,
      matchId: id,
      initiatorId: id,
      receiverId: id,
      startTime: instant,
      activeAt: instant.nullable(),
      endTime: instant.nullable(),
      duration: z.number().int().nullable(),
      status: z.string(),
      endReason: z.string().nullable(),
    }),
  ),
  notes: z.array(z.object({ id, matchId: id, content: z.string(), createdAt: instant, updatedAt: instant })),
  /** The recording itself, as it is served to matches (tags removed), in base64. */
  voiceIntro: z
    .object({
      mimeType: z.string(),
      durationMs: z.number().int(),
      updatedAt: instant,
      audioBase64: z.string(),
    })
    .nullable(),
  /** Every moderation decision about them, as their statement says it, with their appeal if any. */
  moderationDecisions: z.array(statementSchema.extend({ appealText: z.string().nullable() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
