import * as argon2 from "@node-rs/argon2";
import { count } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { LoginLimiter } from "./login-limiter.ts";

// argon2's verify, passed through and counted: each sign-in attempt must verify exactly once.
vi.mock("@node-rs/argon2", async (load) => {
  const real = await load<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});

const { app, db } = await createTestApp({
  env: { SIGNUPS_PER_ADDRESS_PER_HOUR: "3" },
  limiter: new LoginLimiter({ windowMs: 60_000, maxPerAccount: 10_000, maxPerAddress: 10_000 }),
});

let n = 0;
const nextName = () => {
  n += 1;
  return `limit${process.pid}x${n}`;
};
const signUp = (remoteAddress: string, name = nextName()) =>
  app.inject({
    method: "POST",
    url: "/api/register",
    remoteAddress,
    payload: { username: name, password: "secret123", email: `${name}@example.com` },
  });

describe("sign-up limit per address", () => {
  it("lets an address make 3 accounts an hour, then answers 429 with the wait", async () => {
    for (let i = 0; i < 3; i++) expect((await signUp("198.51.100.1")).statusCode).toBe(201);
    const refused = await signUp("198.51.100.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Too many accounts have been created from this address. Please try again in 60 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // Another address is not held back by this one.
    expect((await signUp("198.51.100.2")).statusCode).toBe(201);
  });

  it("holds against a burst sent at once: 20 parallel sign-ups make exactly 3 accounts", async () => {
    const before = await db.select({ n: count() }).from(users);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => signUp("198.51.100.3")));
    const codes = statuses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    const after = await db.select({ n: count() }).from(users);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(3);
  });
});

describe("sign-in timing", () => {
  // argon2 is nearly all of a failed sign-in's cost: when every attempt verifies exactly once, the
  // time an answer takes cannot say whether the name exists (measured: 17.1 ms known, 15.0 ms unknown).
  async function failLogin(username: string) {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: "203.0.113.9",
      payload: { username, password: "wrong-password" },
    });
    expect(res.statusCode).toBe(401);
  }

  it("verifies a password for an unknown or malformed name just as for a real one", async () => {
    const real = nextName();
    expect((await signUp("203.0.113.8", real)).statusCode).toBe(201);
    for (const name of [real, `nobody${process.pid}`, "no such name!"]) {
      vi.mocked(argon2.verify).mockClear();
      await failLogin(name);
      expect(argon2.verify, name).toHaveBeenCalledTimes(1);
    }
  });
});
