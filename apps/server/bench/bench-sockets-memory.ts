// What a benchmark child reports about its own memory, after the garbage it can shed is gone.
import { setTimeout as sleep } from "node:timers/promises";

export interface Memory {
  rss: number;
  heapUsed: number;
  /** Memory outside the JS heap that V8 knows of: buffers, and PGlite's WebAssembly memory. */
  external: number;
  /** Sockets the server holds at that moment (its own count, not the client's). */
  sockets: number;
}

/**
 * Waits for in-flight work (upgrades, presence writes) to finish, then collects twice: a full GC can
 * leave finalisers' garbage for the next one. Then waits again before reading RSS, since V8 unmaps the
 * pages a GC emptied on a background thread. Needs `--expose-gc`, which the benchmark passes.
 */
export async function settledMemory(sockets: () => number, settleMs = 1_500): Promise<Memory> {
  const gc = globalThis.gc;
  if (!gc) throw new Error("the child needs --expose-gc");
  await sleep(settleMs);
  gc();
  await sleep(100);
  gc();
  await sleep(300);
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, sockets: sockets() };
}
