export type VoiceFileProblem = "not-audio" | "too-short" | "too-long";

/** Why an upload cannot be a voice intro; every other error is ours, not the file's. */
export class VoiceFileError extends Error {
  constructor(readonly problem: VoiceFileProblem) {
    super(`voice file refused: ${problem}`);
  }
}

export const notAudio = () => new VoiceFileError("not-audio");

/** A parser's check: a file that breaks it is not audio we accept. */
export function expect(condition: unknown): asserts condition {
  if (!condition) throw notAudio();
}
