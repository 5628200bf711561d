import { describe, expect, it } from "vitest";
import { isSpeaking, levelFromSamples, SPEECH_HOLD_MS, SPEECH_LEVEL } from "./use-mic-level";

const tone = (amplitude: number, length = 1024) =>
  Float32Array.from({ length }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 32));

describe("the microphone level", () => {
  it("is 0 for silence and for nothing at all", () => {
    expect(levelFromSamples(new Float32Array(1024))).toBe(0);
    expect(levelFromSamples([])).toBe(0);
  });

  it("reads room noise low, a voice as speech, and a shout as full", () => {
    expect(levelFromSamples(tone(0.001))).toBeLessThan(0.1); // about -63 dBFS
    const voice = levelFromSamples(tone(0.1)); // about -23 dBFS
    expect(voice).toBeGreaterThan(SPEECH_LEVEL);
    expect(voice).toBeLessThan(1);
    expect(levelFromSamples(tone(1))).toBe(1);
  });

  it("counts as speaking for a moment after the last loud sample, then not", () => {
    expect(isSpeaking(null, 5_000)).toBe(false);
    expect(isSpeaking(5_000, 5_000)).toBe(true);
    expect(isSpeaking(5_000, 5_000 + SPEECH_HOLD_MS - 1)).toBe(true);
    expect(isSpeaking(5_000, 5_000 + SPEECH_HOLD_MS)).toBe(false);
  });
});
