import { VOICE_ERRORS, VOICE_MAX_ACCEPTED_MS, VOICE_MIN_SECONDS } from "@kindred/shared/voice";
import { HttpError } from "../../lib/http-error.ts";
import { Semaphore } from "../../lib/semaphore.ts";
import { runWorkerJob, WorkerJobFailed, workerEntry } from "../../lib/worker-job.ts";
import type { CleanRecording, VoiceFileProblem } from "./container/clean-recording.ts";

// Each upload is parsed in its own worker thread: strangers' bytes never hold the event loop, and a
// file that makes the parser spin or swell is stopped. Two at a time per process, as photo decodes.
export const voiceCleaning = new Semaphore(2);
const entry = workerEntry(import.meta.url, "./clean-worker.ts", "voice-worker.js");
const LIMITS = { timeoutMs: 10_000, maxHeapMb: 96 };
const LENGTHS = { minMs: VOICE_MIN_SECONDS * 1000, maxMs: VOICE_MAX_ACCEPTED_MS };

type Answer = { ok: true; clean: CleanRecording } | { ok: false; problem: VoiceFileProblem };

const SENTENCES: Record<VoiceFileProblem, string> = {
  "not-audio": VOICE_ERRORS.notAudio,
  "too-short": VOICE_ERRORS.tooShort,
  "too-long": VOICE_ERRORS.tooLong,
};
const refuse = (problem: VoiceFileProblem) => new HttpError(400, SENTENCES[problem], { field: "voice" });

/** The upload checked and stripped of its tags, or a 400 saying why it cannot be a voice intro. */
export async function cleanUpload(bytes: Buffer): Promise<CleanRecording> {
  if (bytes.length === 0) throw new HttpError(400, VOICE_ERRORS.empty, { field: "voice" });
  const answer = await voiceCleaning
    .run(() => runWorkerJob<Answer>(entry, [bytes, LENGTHS], LIMITS))
    .catch((err: unknown) => {
      // Past its time or memory on at most 2 MB: the file is the problem, not the server.
      if (err instanceof WorkerJobFailed) throw refuse("not-audio");
      throw err;
    });
  if (!answer.ok) throw refuse(answer.problem);
  return answer.clean;
}
