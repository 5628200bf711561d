import { describe, expect, it } from "vitest";
import { runWorkerJob, WorkerJobFailed, workerEntry } from "./worker-job.ts";

const entry = new URL("../test/workers/job.ts", import.meta.url);
const limits = { timeoutMs: 5_000, maxHeapMb: 32 };

describe("runWorkerJob", () => {
  it("answers with what the worker posts", async () => {
    expect(await runWorkerJob(entry, "hello", limits)).toBe("echo: hello");
  });

  it("stops a worker past its time", async () => {
    const failed = await runWorkerJob(entry, "spin", { ...limits, timeoutMs: 500 }).catch(
      (err: unknown) => err,
    );
    expect(failed).toEqual(new WorkerJobFailed("timeout"));
  });

  it("stops a worker past its memory", async () => {
    const failed = await runWorkerJob(entry, "swell", limits).catch((err: unknown) => err);
    expect(failed).toEqual(new WorkerJobFailed("memory"));
  });
});

describe("workerEntry", () => {
  it("is the source beside a .ts caller, and the bundle beside the built server or above its chunks", () => {
    expect(workerEntry("file:///app/src/features/voice/recordings.ts", "./w.ts", "w.js").href).toBe(
      "file:///app/src/features/voice/w.ts",
    );
    expect(workerEntry("file:///app/dist/server.js", "./w.ts", "w.js").href).toBe("file:///app/dist/w.js");
    expect(workerEntry("file:///app/dist/chunks/routes-X1.js", "./w.ts", "w.js").href).toBe(
      "file:///app/dist/w.js",
    );
  });
});
