import { VOICE_ERRORS } from "@kindred/shared/voice-limits";
// Relative, not "@/lib/api": Vitest (run from the repository root) knows no "@" alias.
import { ApiError, errorDetail } from "../../lib/api";

/**
 * What a failed save or delete says: the server's own words (after a 429, when to try again). A proxy's
 * bare 413 still gets a sentence.
 */
export function voiceIntroError(error: unknown): string {
  if (error instanceof ApiError && error.status === 413 && !error.detail) return VOICE_ERRORS.tooLarge;
  return errorDetail(error, "Unable to save your voice intro. Please try again.");
}
