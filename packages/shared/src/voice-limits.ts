// A voice intro's limits and words, without the schemas of voice.ts: the pages that only mention a
// voice intro load no zod. voice.ts exports all of it too.

export const VOICE_MAX_SECONDS = 30;
export const VOICE_MIN_SECONDS = 2;
/** The recorder stops at 30 s; the last frames of a full recording can end a few hundredths later. */
export const VOICE_MAX_ACCEPTED_MS = VOICE_MAX_SECONDS * 1000 + 500;
export const VOICE_MAX_BYTES = 2 * 1024 * 1024;
/** The waveform drawn for an intro: this many peaks, each 0 (silence) to 100 (loudest). */
export const VOICE_PEAKS = 64;
export const VOICE_PEAK_MAX = 100;

/**
 * What the recorder asks MediaRecorder for, first it supports wins: AAC in MP4 where the browser has
 * the encoder (Safari, newer Chrome), else Opus in WebM. Firefox defaults to Ogg, which older iPhones
 * cannot play, so it is never left to choose.
 */
export const VOICE_RECORDING_TYPES = [
  "audio/mp4;codecs=mp4a.40.2",
  "audio/webm;codecs=opus",
  "audio/mp4",
] as const;

export const VOICE_PROMPT = "Tell your matches what a perfect Sunday looks like…";

export const VOICE_ERRORS = {
  notAudio: "Please record your voice intro again: that file is not audio we can play.",
  empty: "Please record your voice intro before saving it.",
  tooLarge: "That recording is larger than 2 MB. Please record a shorter voice intro.",
  tooShort: `That recording is shorter than ${VOICE_MIN_SECONDS} seconds. Please say a little more.`,
  tooLong: `That recording is longer than ${VOICE_MAX_SECONDS} seconds. Please record a shorter voice intro.`,
  peaks: "Please record your voice intro again: its waveform did not arrive.",
} as const;
