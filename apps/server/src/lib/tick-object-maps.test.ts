import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MODULE = fileURLToPath(new URL("./tick-object-maps.ts", import.meta.url));

/**
 * In a fresh node: nextTick made busy, then idle through full collections (as V8's memory reducer
 * collects an idle process), then busy again; what V8 recorded at the spots in nextTick that build its
 * object, one state per spot, from V8's own print of the function.
 */
function literalFeedbackAfterIdleCollections(hold: boolean): string[] {
  const script = `
    import { holdTickObjectMaps } from ${JSON.stringify(MODULE)};
    if (${hold}) holdTickObjectMaps();
    const burst = (n, done) => { const step = () => (--n > 0 ? process.nextTick(step) : done()); process.nextTick(step); };
    burst(1000, () => setTimeout(() => {
      for (let i = 0; i < 6; i++) globalThis.gc();
      burst(1000, () => new Function("f", "%DebugPrint(f)")(process.nextTick));
    }, 10));
  `;
  // V8 prints to the C library's stdout, which a pipe can cut short: the child writes to a file.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-tick-"));
  const out = fs.openSync(path.join(dir, "out"), "w");
  try {
    const child = spawnSync(
      process.execPath,
      ["--expose-gc", "--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script],
      { stdio: ["ignore", out, "pipe"], encoding: "utf8", timeout: 30_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const printed = fs.readFileSync(path.join(dir, "out"), "utf8");
    return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1] as string);
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("holdTickObjectMaps", () => {
  it("keeps nextTick building its object the fast way after the process has been idle", () => {
    const states = literalFeedbackAfterIdleCollections(true);
    // async id, trigger id, callback, args
    expect(states).toEqual(["MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC"]);
  });

  it("is needed: without it, the same idle collections leave nextTick on V8's slow path", () => {
    // If this fails on a newer Node, V8 no longer forgets these classes and the hold can go.
    expect(literalFeedbackAfterIdleCollections(false)).toContain("MEGAMORPHIC");
  });
});
