// A worker thread's whole life: check and rewrite one upload, answer once, end. It imports only the
// parser (not zod or the shared package), so that it starts in about the time of an empty worker.
import { parentPort, workerData } from "node:worker_threads";
import { cleanRecording, VoiceFileError } from "./container/clean-recording.ts";

const { input } = workerData as { input: Parameters<typeof cleanRecording> };
try {
  parentPort?.postMessage({ ok: true, clean: cleanRecording(...input) });
} catch (err) {
  if (!(err instanceof VoiceFileError)) throw err;
  parentPort?.postMessage({ ok: false, problem: err.problem });
}
