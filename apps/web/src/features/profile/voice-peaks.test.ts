import { VOICE_PEAK_MAX, VOICE_PEAKS, voicePeaksSchema } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { computePeaks } from "./voice-peaks";

describe("computePeaks", () => {
  it("takes the loudest |sample| of each equal stretch and scales the loudest to 100", () => {
    // 8 samples in 4 stretches of 2: maxima 0.2, 0.5 (a negative sample counts), 0.1, 0.25.
    const samples = Float32Array.from([0.1, 0.2, -0.5, 0.3, 0, 0.1, 0.25, -0.05]);
    expect(computePeaks(samples, 4)).toEqual([40, 100, 20, 50]);
  });

  it("gives 64 integers from 0 to 100 for a real-length recording, as the server's schema wants", () => {
    const rate = 48_000;
    const samples = new Float32Array(rate * 3);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.sin(i / 20) * (i / samples.length) * 0.8;
    const peaks = computePeaks(samples);
    expect(peaks).toHaveLength(VOICE_PEAKS);
    expect(voicePeaksSchema.safeParse(peaks).success).toBe(true);
    expect(Math.max(...peaks)).toBe(VOICE_PEAK_MAX);
    // A swell: each stretch is at least as loud as the one before.
    for (let i = 1; i < peaks.length; i++) expect(peaks[i]).toBeGreaterThanOrEqual(peaks[i - 1] ?? 0);
  });

  it("puts every sample in exactly one stretch when the length does not divide evenly", () => {
    const samples = new Float32Array(130);
    samples[129] = 0.5;
    samples[0] = 0.25;
    const peaks = computePeaks(samples);
    expect(peaks[0]).toBe(50);
    expect(peaks[VOICE_PEAKS - 1]).toBe(100);
  });

  it("is all zeros for silence, for nothing at all, and leaves stretches with no samples at 0", () => {
    expect(computePeaks(new Float32Array(1_000))).toEqual(new Array(VOICE_PEAKS).fill(0));
    expect(computePeaks(new Float32Array(0))).toEqual(new Array(VOICE_PEAKS).fill(0));
    const short = computePeaks(Float32Array.from([0.5, 1]), 4);
    expect(short).toEqual([0, 50, 0, 100]);
  });

  it("reads NaN samples as silence", () => {
    expect(computePeaks(Float32Array.from([Number.NaN, 0.5, Number.NaN, 1]), 2)).toEqual([50, 100]);
  });
});
