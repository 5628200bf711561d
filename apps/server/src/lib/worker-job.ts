import { Worker } from "node:worker_threads";

/**
 * Where a worker's code is: its TypeScript source when the server runs from source (tests, `npm run
 * dev`), else the file build.mjs bundles it into beside server.js (callers' code may sit in chunks/).
 */
export function workerEntry(callerUrl: string, source: string, bundled: string): URL {
  if (callerUrl.endsWith(".ts")) return new URL(source, callerUrl);
  return new URL(callerUrl.includes("/chunks/") ? `../${bundled}` : `./${bundled}`, callerUrl);
}

// Node runs .ts only through tsx's loader, which a worker must register for itself before importing.
const tsBoot = new URL("./ts-worker-boot.mjs", import.meta.url);

export class WorkerJobFailed extends Error {
  constructor(readonly why: "timeout" | "memory") {
    super(`worker job stopped: ${why}`);
  }
}

export interface WorkerLimits {
  timeoutMs: number;
  /** The worker's heap; past it the worker is stopped and the job fails with "memory". */
  maxHeapMb: number;
}

/**
 * Runs one job in a new worker thread, off the event loop, and resolves with the one message it
 * posts. A job past its time or memory limit is stopped and rejects with WorkerJobFailed.
 */
export function runWorkerJob<T>(entry: URL, input: unknown, limits: WorkerLimits): Promise<T> {
  const typescript = entry.pathname.endsWith(".ts");
  const worker = new Worker(typescript ? tsBoot : entry, {
    workerData: { entry: entry.href, input },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 8 },
    stdout: false,
  });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new WorkerJobFailed("timeout"));
      void worker.terminate();
    }, limits.timeoutMs);
    const settle = () => clearTimeout(timer);
    worker.once("message", (message: T) => {
      settle();
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", (err: Error & { code?: string }) => {
      settle();
      reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? new WorkerJobFailed("memory") : err);
    });
    worker.once("exit", () => {
      settle();
      reject(new Error("worker exited without an answer"));
    });
  });
}
