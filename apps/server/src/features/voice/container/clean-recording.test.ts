import fs from "node:fs";
import { VOICE_MAX_ACCEPTED_MS, VOICE_MIN_SECONDS } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { cleanRecording, VoiceFileError } from "./clean-recording.ts";

const LIMITS = { minMs: VOICE_MIN_SECONDS * 1000, maxMs: VOICE_MAX_ACCEPTED_MS };
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const problemOf = (input: Uint8Array) => {
  try {
    cleanRecording(input, LIMITS);
    return "accepted";
  } catch (err) {
    if (err instanceof VoiceFileError) return err.problem;
    throw err;
  }
};

describe("cleanRecording", () => {
  // ffprobe's durations of the originals; MediaRecorder's WebM has none, so there: packets × 60 ms.
  it.each([
    ["chromium-opus.webm", "audio/webm", "opus", 3960],
    ["chromium-opus.mp4", "audio/mp4", "opus", 3921],
    ["safari-style-aac.mp4", "audio/mp4", "aac", 4021],
    ["plain-aac.m4a", "audio/mp4", "aac", 4000],
    ["tagged.webm", "audio/webm", "opus", 3008],
    ["tagged.m4a", "audio/mp4", "aac", 3000],
  ])("accepts %s as %s/%s of %i ms, and its clean copy reads the same", (name, mime, codec, durationMs) => {
    const clean = cleanRecording(fixture(name), LIMITS);
    expect(clean).toMatchObject({ mime, codec });
    expect(Math.abs(clean.durationMs - durationMs)).toBeLessThanOrEqual(50);
    expect(cleanRecording(clean.bytes, LIMITS).durationMs).toBe(clean.durationMs);
  });

  it.each([
    ["ogg-opus.ogg", "not-audio"],
    ["audio.mp3", "not-audio"],
    ["audio.wav", "not-audio"],
    ["with-video.webm", "not-audio"],
    ["too-short.webm", "too-short"],
    ["too-long.webm", "too-long"],
  ])("refuses %s: %s", (name, problem) => {
    expect(problemOf(fixture(name))).toBe(problem);
  });

  it("refuses text, nothing, and a bare header", () => {
    expect(problemOf(Buffer.from("not a recording at all"))).toBe("not-audio");
    expect(problemOf(new Uint8Array(0))).toBe("not-audio");
    expect(problemOf(fixture("chromium-opus.webm").subarray(0, 200))).toBe("not-audio");
    expect(problemOf(fixture("safari-style-aac.mp4").subarray(0, 200))).toBe("not-audio");
  });

  it("keeps no title, artist, comment, app name, handler name or date of the upload", () => {
    for (const name of ["tagged.webm", "tagged.m4a"]) {
      const original = fixture(name);
      expect(original.includes("SECRET")).toBe(true);
      const served = Buffer.from(cleanRecording(original, LIMITS).bytes);
      expect(served.includes("SECRET")).toBe(false);
      expect(served.includes("Lavf")).toBe(false);
    }
    const chromium = Buffer.from(cleanRecording(fixture("chromium-opus.webm"), LIMITS).bytes);
    expect(chromium.includes("Chrome")).toBe(false);
  });

  it("answers every cut and every corrupted copy with a verdict, never a crash", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const name of ["chromium-opus.webm", "chromium-opus.mp4", "safari-style-aac.mp4", "plain-aac.m4a"]) {
      const original = fixture(name);
      for (let cut = 0; cut < original.length; cut += 97) problemOf(original.subarray(0, cut));
      for (let round = 0; round < 300; round++) {
        const copy = Uint8Array.from(original);
        for (let flip = 0; flip < 4; flip++)
          copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        expect(["accepted", "not-audio", "too-short", "too-long"]).toContain(problemOf(copy));
      }
    }
  });
});
