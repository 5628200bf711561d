import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";

const { app } = await createTestApp();
const HINT = "kindred_signed_in=1";

const post = (url: string, payload?: object, cookie?: string) =>
  app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });
const me = (cookie?: string) =>
  app.inject({ method: "GET", url: "/api/user", headers: cookie ? { cookie } : {} });
const cookieNamed = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** The hint as set: readable by the page, and living exactly as long as the session cookie beside it. */
function expectHintBesideSession(res: LightMyRequestResponse) {
  const session = cookieNamed(res, "kindred_session");
  const hint = cookieNamed(res, "kindred_signed_in");
  expect(session).toBeDefined();
  expect(hint).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge: session?.maxAge });
  expect(hint?.httpOnly).toBeFalsy();
  expect(hint?.secure).toBe(session?.secure);
}

/** The hint removed: an empty value that has already expired. */
function expectHintCleared(res: LightMyRequestResponse) {
  const hint = cookieNamed(res, "kindred_signed_in");
  expect(hint).toBeDefined();
  expect(hint?.value).toBe("");
  expect(hint?.path).toBe("/");
  expect(Number(hint?.expires ?? Number.POSITIVE_INFINITY) <= Date.now() || hint?.maxAge === 0).toBe(true);
}

describe("the signed-in hint cookie", () => {
  it("is set with the session at registration and at login", async () => {
    const registered = await post("/api/register", {
      username: "hinted",
      password: "secret123",
      email: "hinted@example.com",
    });
    expect(registered.statusCode).toBe(201);
    expectHintBesideSession(registered);
    const login = await post("/api/login", { username: "hinted", password: "secret123" });
    expect(login.statusCode).toBe(200);
    expectHintBesideSession(login);
  });

  it("is not set by a failed login", async () => {
    const res = await post("/api/login", { username: "hinted", password: "wrong-password" });
    expect(res.statusCode).toBe(401);
    expect(cookieNamed(res, "kindred_signed_in")).toBeUndefined();
  });

  it("is cleared at logout, with the session", async () => {
    const user = await registerUser(app);
    const res = await post("/api/logout", undefined, `${user.cookie}; ${HINT}`);
    expect(res.statusCode).toBe(200);
    expectHintCleared(res);
  });

  it("grants nothing on its own, and is cleared when it comes without a live session", async () => {
    const alone = await me(HINT);
    expect(alone.statusCode).toBe(401);
    expectHintCleared(alone);
    const user = await registerUser(app);
    await post("/api/logout", undefined, user.cookie);
    const ended = await me(`${user.cookie}; ${HINT}`);
    expect(ended.statusCode).toBe(401);
    expectHintCleared(ended);
  });

  it("is left alone on a signed-in request, and never sent to a visitor without one", async () => {
    const user = await registerUser(app);
    const signedIn = await me(`${user.cookie}; ${HINT}`);
    expect(signedIn.statusCode).toBe(200);
    expect(cookieNamed(signedIn, "kindred_signed_in")).toBeUndefined();
    const visitor = await me();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.cookies).toEqual([]);
  });

  it("is cleared when the account is deleted", async () => {
    const user = await registerUser(app);
    const res = await app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie: `${user.cookie}; ${HINT}` },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expectHintCleared(res);
  });
});
