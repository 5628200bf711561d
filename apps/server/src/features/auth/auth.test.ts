import { describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/sessions.ts";
import { createTestApp, registerUser, sessionCookie, type TestApp } from "../../test/app.ts";
import { LoginLimiter } from "./login-limiter.ts";

const { app, db } = await createTestApp({
  limiter: new LoginLimiter({ windowMs: 60_000, maxPerAccount: 3, maxPerAddress: 6 }),
});
// Apps with limits of their own, built here: createTestApp's afterAll (closing the app and dropping its
// database) only runs when it is registered at file level, not from inside a test.
const addressLimited = await createTestApp({
  limiter: new LoginLimiter({ windowMs: 60_000, maxPerAccount: 100, maxPerAddress: 4 }),
});
const accountLimited = await createTestApp({
  limiter: new LoginLimiter({ windowMs: 60_000, maxPerAccount: 3, maxPerAddress: 100 }),
});
const proxied = await createTestApp({
  env: { TRUST_PROXY: "true" },
  limiter: new LoginLimiter({ windowMs: 60_000, maxPerAccount: 100, maxPerAddress: 3 }),
});

const post = (url: string, payload?: object, cookie?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const me = (cookie?: string) =>
  app.inject({ method: "GET", url: "/api/user", headers: cookie ? { cookie } : {} });

describe("register", () => {
  it("creates the account, signs in with a hardened cookie and never returns the hash", async () => {
    const res = await post("/api/register", {
      username: "Juniper",
      password: "secret123",
      email: "Juniper@Example.com",
      name: "June Example",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username: "Juniper", email: "juniper@example.com", profileType: "basic" });
    expect(body.needsOnboarding).toBe(true);
    expect(res.body).not.toMatch(/argon2|password/i);
    const cookie = res.cookies.find((c) => c.name === "kindred_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect((await me(sessionCookie(res))).json().username).toBe("Juniper");
  });

  it.each([
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
    [{ email: "not-an-email" }, "email", "Invalid email format"],
  ])("refuses %o with the spec's message", async (override, field, message) => {
    const res = await post("/api/register", {
      username: "validname",
      password: "secret123",
      email: "valid@example.com",
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it("answers 409 naming the field when the username or email is taken, whatever the case", async () => {
    const first = await registerUser(app);
    const sameName = await post("/api/register", {
      username: first.username.toUpperCase(),
      password: "secret123",
      email: "other@example.com",
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ field: "username", message: expect.stringMatching(/username/) });
    const sameEmail = await post("/api/register", {
      username: "someoneelse",
      password: "secret123",
      email: first.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ field: "email" });
  });

  it("ends the session the browser held before, as a login does", async () => {
    const earlier = await registerUser(app);
    const res = await post(
      "/api/register",
      { username: "rotator", password: "secret123", email: "rotator@example.com" },
      earlier.cookie,
    );
    expect(res.statusCode).toBe(201);
    expect((await me(earlier.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(res))).json().username).toBe("rotator");
  });

  it("ignores a plan or profile fields smuggled into registration", async () => {
    const res = await post("/api/register", {
      username: "smuggler",
      password: "secret123",
      email: "smuggler@example.com",
      profileType: "elite",
      isPremium: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ profileType: "basic", isPremium: false });
  });
});

describe("login and sessions", () => {
  it("signs in, and says the same thing for a wrong password and an unknown account", async () => {
    const user = await registerUser(app);
    const ok = await post("/api/login", { username: user.username, password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(user.id);
    const wrong = await post("/api/login", { username: user.username, password: "wrong-password" });
    const unknown = await post("/api/login", { username: "nobody-here", password: "wrong-password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid username or password" });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("validates login input with the spec's messages", async () => {
    const res = await post("/api/login", { username: "ab", password: "secret123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Username must be at least 3 characters");
  });

  it("rotates the session at login: the cookie held before stops working", async () => {
    const user = await registerUser(app);
    const res = await post("/api/login", { username: user.username, password: user.password }, user.cookie);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(user.cookie);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it("logout ends the session on the server, not just in the browser", async () => {
    const user = await registerUser(app);
    const res = await post("/api/logout", undefined, user.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it("stores only a hash of the session token", async () => {
    const user = await registerUser(app);
    const token = user.cookie.split("=")[1] as string;
    const rows = await db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it("GET /api/user answers 401 with a sentence when signed out", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in/i);
  });
});

describe("login rate limit", () => {
  it("limits failures per account with a retry time", async () => {
    const user = await registerUser(app);
    const headers = { "x-forwarded-for": "ignored" };
    for (let i = 0; i < 3; i++) await post("/api/login", { username: user.username, password: "badpass1" });
    const blocked = await post(
      "/api/login",
      { username: user.username, password: user.password },
      undefined,
      headers,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/try again in 1 minute/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits failures per address across accounts", async () => {
    const limited = addressLimited;
    const victim = await registerUser(limited.app);
    for (let i = 0; i < 4; i++) {
      await limited.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: `guess${i}`, password: "badpass1" },
      });
    }
    const res = await limited.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: victim.username, password: victim.password },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe("login rate limit bypasses", () => {
  const login = (target: TestApp["app"], username: string, password: string, headers = {}) =>
    target.inject({ method: "POST", url: "/api/login", payload: { username, password }, headers });

  it("does not reach a limited account under a name PostgreSQL's lower() folds into it", async () => {
    const limited = accountLimited;
    const user = await registerUser(limited.app, { username: `kristin${Date.now() % 100_000}` });
    for (const name of [user.username, user.username.toUpperCase(), ` ${user.username} `]) {
      expect((await login(limited.app, name, "badpass1")).statusCode).toBe(401);
    }
    expect((await login(limited.app, user.username, user.password)).statusCode).toBe(429);
    // 'İ' (U+0130) lower()s to 'i' in PostgreSQL, but not in JavaScript: a name the limiter counts apart.
    const variant = await login(limited.app, user.username.replace("i", "İ"), user.password);
    expect(variant.statusCode).toBe(401);
    expect(variant.json()).toEqual({ message: "Invalid username or password" });
    expect(variant.cookies).toEqual([]);
  });

  it("checks at most the limit of a burst of parallel guesses, then refuses even the right password", async () => {
    const limited = accountLimited;
    const user = await registerUser(limited.app);
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(limited.app, user.username, `wrong-guess-${i}`)),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    expect(checked).toBe(3);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(57);
    expect((await login(limited.app, user.username, user.password)).statusCode).toBe(429);
  });

  it("gives a correct sign-in's attempt back to its address", async () => {
    const user = await registerUser(proxied.app);
    const via = { "x-forwarded-for": "203.0.113.50" };
    for (let i = 0; i < 5; i++) {
      expect((await login(proxied.app, user.username, user.password, via)).statusCode).toBe(200);
    }
  });

  it("behind the proxy, counts the address the proxy saw, not one the client wrote in X-Forwarded-For", async () => {
    const user = await registerUser(proxied.app);
    // The proxy appends the address it saw to whatever the client sent.
    const via = (spoofed: string) => ({ "x-forwarded-for": `${spoofed}, 203.0.113.9` });
    for (let i = 0; i < 3; i++) {
      await login(proxied.app, `guess${i}`, "badpass1", via(`198.51.100.${i}`));
    }
    expect((await login(proxied.app, user.username, user.password, via("198.51.100.77"))).statusCode).toBe(
      429,
    );
    // Another client behind the same proxy is not held back, and the proxy's https still marks the cookie Secure.
    const other = await login(proxied.app, user.username, user.password, {
      "x-forwarded-for": "203.0.113.10",
      "x-forwarded-proto": "https",
    });
    expect(other.statusCode).toBe(200);
    expect(other.cookies.find((c) => c.name === "kindred_session")?.secure).toBe(true);
  });
});

describe("request hygiene", () => {
  it("refuses a cookie-authenticated write from another origin", async () => {
    const user = await registerUser(app);
    const res = await post("/api/logout", undefined, user.cookie, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("accepts a write from its own origin", async () => {
    const res = await post("/api/logout", undefined, undefined, {
      origin: "http://localhost:80",
      host: "localhost:80",
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers malformed JSON, oversized bodies and unknown API paths with 4xx sentences", async () => {
    const bad = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe("string");
    const big = await post("/api/login", { username: "x".repeat(100_000), password: "secret123" });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("That request is too large.");
    const missing = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Not found" });
  });
});
