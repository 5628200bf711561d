import { describe, expect, it } from "vitest";
import { LoginLimiter } from "./login-limiter.ts";

describe("LoginLimiter", () => {
  it("forgets expired failures of names and addresses that never come back", () => {
    const limiter = new LoginLimiter({ windowMs: 60_000, maxPerAccount: 5, maxPerAddress: 20 });
    const t0 = 1_000_000;
    for (let i = 0; i < 5_000; i++) limiter.attempt(`typo${i}`, `10.0.${i >> 8}.${i & 255}`, t0);
    expect(limiter.size).toBe(10_000);
    // A window later, new failures keep arriving; the old buckets must not pile up under them.
    for (let i = 0; i < 5_000; i++) limiter.attempt(`later${i}`, "192.0.2.1", t0 + 61_000);
    expect(limiter.size).toBeLessThanOrEqual(5_001);
    // Live buckets survive a sweep.
    expect(limiter.retryAfter("anyone", "192.0.2.1", t0 + 61_000)).toBeGreaterThan(0);
  });
});
