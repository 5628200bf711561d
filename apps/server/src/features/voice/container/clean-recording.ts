import { cleanMp4, isMp4 } from "./mp4.ts";
import { notAudio, VoiceFileError } from "./recording-error.ts";
import { isWebm, remuxWebm } from "./webm.ts";

export type { VoiceFileProblem } from "./recording-error.ts";
export { VoiceFileError } from "./recording-error.ts";

export type VoiceMime = "audio/webm" | "audio/mp4";
export interface CleanRecording {
  bytes: Uint8Array;
  mime: VoiceMime;
  codec: "opus" | "aac";
  durationMs: number;
}

function clean(input: Uint8Array): CleanRecording {
  if (isWebm(input)) return { ...remuxWebm(input), mime: "audio/webm", codec: "opus" };
  if (isMp4(input)) return { ...cleanMp4(input), mime: "audio/mp4" };
  throw notAudio();
}

/**
 * What browsers record (WebM/Opus, MP4 with AAC or Opus), told apart by its bytes, checked, and
 * copied without anything but its audio; its length read from the frames, not from any header.
 */
export function cleanRecording(input: Uint8Array, limits: { minMs: number; maxMs: number }): CleanRecording {
  let recording: CleanRecording;
  try {
    recording = clean(input);
  } catch (err) {
    // A bounds check a crafted file slipped past still means the same: not audio we accept.
    if (err instanceof VoiceFileError || err instanceof RangeError) throw notAudio();
    throw err;
  }
  if (recording.durationMs < limits.minMs) throw new VoiceFileError("too-short");
  if (recording.durationMs > limits.maxMs) throw new VoiceFileError("too-long");
  return recording;
}
