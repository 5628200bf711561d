import { VOICE_RECORDING_TYPES } from "@kindred/shared/voice-limits";

/**
 * The first of VOICE_RECORDING_TYPES the browser can record, or undefined to let it choose (none of the
 * list is better than no recording). `isSupported` is MediaRecorder.isTypeSupported, passed in for tests.
 */
export function pickRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return VOICE_RECORDING_TYPES.find((type) => {
    try {
      return isSupported(type);
    } catch {
      return false;
    }
  });
}
