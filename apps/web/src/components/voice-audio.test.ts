import { describe, expect, it } from "vitest";
import { formatVoiceTime, voiceIntroSrc, voiceLengthText } from "./voice-audio";

describe("formatVoiceTime", () => {
  it("writes whole seconds as m:ss", () => {
    expect(formatVoiceTime(0)).toBe("0:00");
    expect(formatVoiceTime(7)).toBe("0:07");
    expect(formatVoiceTime(30)).toBe("0:30");
    expect(formatVoiceTime(59)).toBe("0:59");
    expect(formatVoiceTime(60)).toBe("1:00");
    expect(formatVoiceTime(90)).toBe("1:30");
    expect(formatVoiceTime(605)).toBe("10:05");
  });

  it("drops fractions and reads nonsense as 0:00", () => {
    expect(formatVoiceTime(4.99)).toBe("0:04");
    expect(formatVoiceTime(-3)).toBe("0:00");
    expect(formatVoiceTime(Number.NaN)).toBe("0:00");
    // A WebM straight from MediaRecorder reports an Infinity duration.
    expect(formatVoiceTime(Number.POSITIVE_INFINITY)).toBe("0:00");
  });
});

describe("voiceLengthText", () => {
  it("rounds to the nearest second, and a very short intro still reads 0:01", () => {
    expect(voiceLengthText(27_400)).toBe("0:27");
    expect(voiceLengthText(27_500)).toBe("0:28");
    expect(voiceLengthText(30_020)).toBe("0:30");
    expect(voiceLengthText(200)).toBe("0:01");
  });
});

describe("voiceIntroSrc", () => {
  it("adds the version, encoded, to the stable address", () => {
    expect(voiceIntroSrc({ url: "/api/users/4/voice", updatedAt: "2026-05-01T10:00:00.000Z" })).toBe(
      "/api/users/4/voice?v=2026-05-01T10%3A00%3A00.000Z",
    );
    expect(voiceIntroSrc({ url: "/api/voice?id=4", updatedAt: "x" })).toBe("/api/voice?id=4&v=x");
  });
});
