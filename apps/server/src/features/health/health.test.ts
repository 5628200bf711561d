import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";

const { app } = await createTestApp();

describe("health and readiness", () => {
  it("is live and ready while the database answers", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ ok: true });
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ready: true,
      shuttingDown: false,
      database: "ok",
      redis: app.backend.kind === "redis" ? "ok" : "not configured",
    });
  });

  it("stops being ready once shutting down, while staying live", async () => {
    app.lifecycle.shuttingDown = true;
    try {
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, shuttingDown: true, database: "ok" });
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      app.lifecycle.shuttingDown = false;
    }
  });
});
