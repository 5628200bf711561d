import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore, minutesFrom } from "./rate-limit.ts";

const limit = (key: string, max = 2) => ({ key, max, windowMs: 60_000 });

describe("MemoryRateLimitStore", () => {
  it("counts every limit of a hit, refuses once one is full and counts nothing then", async () => {
    const store = new MemoryRateLimitStore();
    const t0 = 1_000_000;
    expect(await store.take([limit("a"), limit("b", 5)], t0)).toBe(0);
    expect(await store.take([limit("a"), limit("b", 5)], t0)).toBe(0);
    expect(await store.take([limit("a"), limit("b", 5)], t0 + 30_000)).toBe(30);
    // The refused hit was not counted on b: b has room for exactly three more.
    for (let i = 0; i < 3; i++) expect(await store.take([limit("b", 5)], t0)).toBe(0);
    expect(await store.take([limit("b", 5)], t0)).toBe(60);
    // The window passes.
    expect(await store.take([limit("a")], t0 + 60_000)).toBe(0);
  });

  it("gives a hit back and clears a key", async () => {
    const store = new MemoryRateLimitStore();
    await store.take([limit("a", 1)], 0);
    await store.giveBack("a", 0);
    expect(await store.take([limit("a", 1)], 0)).toBe(0);
    await store.clear("a");
    expect(await store.take([limit("a", 1)], 0)).toBe(0);
  });

  it("forgets expired keys that never come back", async () => {
    const store = new MemoryRateLimitStore();
    const t0 = 1_000_000;
    for (let i = 0; i < 5_000; i++) await store.take([limit(`typo${i}`), limit(`ip${i}`)], t0);
    expect(store.size).toBe(10_000);
    // A window later, new hits keep arriving; the old buckets must not pile up under them.
    for (let i = 0; i < 5_000; i++) await store.take([limit(`later${i}`)], t0 + 61_000);
    expect(store.size).toBe(5_000);
  });

  it("says the wait in whole minutes, at least one", () => {
    expect(minutesFrom(1)).toBe("1 minute");
    expect(minutesFrom(61)).toBe("2 minutes");
  });
});
