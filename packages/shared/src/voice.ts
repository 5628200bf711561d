import { z } from "zod";
import { VOICE_ERRORS, VOICE_PEAK_MAX, VOICE_PEAKS } from "./voice-limits.ts";

// A voice intro: a short recording heard by the owner's live matches only, before any photo.

export * from "./voice-limits.ts";

export const voicePeaksSchema = z
  .array(z.number().int().min(0).max(VOICE_PEAK_MAX))
  .length(VOICE_PEAKS, { error: VOICE_ERRORS.peaks });

/** PUT /api/profile/voice?peaks=…: the waveform as comma-separated integers; the body is the recording. */
export const voiceUploadQuerySchema = z.object({
  peaks: z.string({ error: VOICE_ERRORS.peaks }).transform((text, ctx) => {
    const parsed = voicePeaksSchema.safeParse(
      text.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part))),
    );
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: VOICE_ERRORS.peaks });
      return z.NEVER;
    }
    return parsed.data;
  }),
});

/** The intro as the owner and their live matches see it: where to play it, and what to draw. */
export const voiceIntroSchema = z.object({
  url: z.string(),
  durationMs: z.number().int(),
  peaks: voicePeaksSchema,
  updatedAt: z.string(),
});
export type VoiceIntro = z.infer<typeof voiceIntroSchema>;
