import { VOICE_RECORDING_TYPES } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { pickRecordingType } from "./recording-type";

describe("pickRecordingType", () => {
  it("takes the first type of the preference list the browser supports", () => {
    expect(pickRecordingType(() => true)).toBe(VOICE_RECORDING_TYPES[0]);
    // Chrome without the AAC encoder: Opus in WebM.
    expect(pickRecordingType((type) => type.startsWith("audio/webm"))).toBe("audio/webm;codecs=opus");
    // Only plain MP4.
    expect(pickRecordingType((type) => type === "audio/mp4")).toBe("audio/mp4");
  });

  it("asks in preference order and stops at the first yes", () => {
    const asked: string[] = [];
    pickRecordingType((type) => {
      asked.push(type);
      return type === VOICE_RECORDING_TYPES[1];
    });
    expect(asked).toEqual(VOICE_RECORDING_TYPES.slice(0, 2));
  });

  it("leaves the choice to the browser when it supports none, or the question throws", () => {
    expect(pickRecordingType(() => false)).toBeUndefined();
    expect(
      pickRecordingType(() => {
        throw new Error("not implemented");
      }),
    ).toBeUndefined();
  });
});
