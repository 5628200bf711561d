import { gzipSync } from "node:zlib";
import { errorSchema } from "@kindred/shared/user";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../test/app.ts";

const { app } = await createTestApp();

describe("refusals (HttpError) sent in the one error shape, serialized once", () => {
  it("a 401 is JSON, exactly { message }, the same every time", async () => {
    const first = await app.inject({ method: "GET", url: "/api/user" });
    const second = await app.inject({ method: "GET", url: "/api/matches" });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body).toBe('{"message":"Please sign in to continue."}');
    }
  });

  it("one with a field names it, and fits the error schema", async () => {
    const taken = await registerUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: taken.username, password: "secret123", email: "other@example.com", name: "Other" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(errorSchema.strict().parse(res.json())).toEqual({
      message: expect.any(String),
      field: "username",
    });
  });
});

describe("request bodies", () => {
  it("a compressed body is not inflated: 400 with a sentence, never a 500", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ username: "someone", password: "secret123" })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });
});
