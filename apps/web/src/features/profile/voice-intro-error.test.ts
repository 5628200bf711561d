import { VOICE_ERRORS } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { voiceIntroError } from "./voice-intro-error";

describe("voiceIntroError", () => {
  it("shows the server's words, a 429's included", () => {
    const limited = new ApiError(429, "Too many voice intros today. Try again after 18:30.", null);
    expect(voiceIntroError(limited)).toBe("Too many voice intros today. Try again after 18:30.");
    expect(voiceIntroError(new ApiError(400, VOICE_ERRORS.notAudio, null))).toBe(VOICE_ERRORS.notAudio);
  });

  it("gives a proxy's bare 413 the size sentence, and anything else a fallback", () => {
    expect(voiceIntroError(new ApiError(413, "", null))).toBe(VOICE_ERRORS.tooLarge);
    expect(voiceIntroError(new ApiError(500, "", null))).toBe(
      "Unable to save your voice intro. Please try again.",
    );
  });
});
