import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";
import { BUSY_MESSAGE } from "./load-shedding.ts";

const { app } = await createTestApp({
  env: { MAX_EVENT_LOOP_DELAY_MS: "100", LOAD_SAMPLE_INTERVAL_MS: "200" },
});

/** Keeps the event loop busy for `ms`, as a flood of synchronous work would. */
function block(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describe("load shedding", () => {
  it("answers 503 with Retry-After while the event loop lags, keeps liveness, and recovers", async () => {
    const ready = async () => (await app.inject({ method: "GET", url: "/api/ready" })).statusCode;
    // Starting the app lags the loop too: wait until that has passed.
    await expect.poll(ready, { timeout: 5_000 }).toBe(200);
    // A sustained lag, as a flood of synchronous work causes. The sampler reads the mean delay since its
    // last sample, so one long block right after a sample is diluted by the quick ticks before it: keep
    // lagging until the person would see the 503 (at most 3 s of lag).
    let shed = await app.inject({ method: "GET", url: "/api/ready" });
    for (let i = 0; i < 20 && shed.statusCode !== 503; i++) {
      block(150);
      await new Promise((resolve) => setTimeout(resolve, 0));
      shed = await app.inject({ method: "GET", url: "/api/ready" });
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual({ message: BUSY_MESSAGE, retryAfterSeconds: 5 });
    expect(shed.headers["retry-after"]).toBe("5");
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await expect
      .poll(async () => (await app.inject({ method: "GET", url: "/api/ready" })).statusCode, {
        timeout: 5_000,
      })
      .toBe(200);
  });
});
