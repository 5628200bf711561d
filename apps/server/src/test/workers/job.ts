// A worker for lib/worker-job's tests: echoes, spins or swells as its input says.
import { parentPort, workerData } from "node:worker_threads";

const { input } = workerData as { input: "spin" | "swell" | string };
if (input === "spin") for (;;);
if (input === "swell") {
  const hoard: number[][] = [];
  for (;;) hoard.push(new Array(100_000).fill(hoard.length));
}
parentPort?.postMessage(`echo: ${input}`);
