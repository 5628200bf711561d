import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";
import { insecureCookieWarning } from "./cookie-security.ts";

const behindUntrustedProxy = await createTestApp({ env: { PUBLIC_ORIGIN: "https://kindred.example" } });
const plainLocal = await createTestApp();

async function sessionCookieOf(app: typeof plainLocal.app, username: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/register",
    payload: { username, password: "secret123", email: `${username}@example.com` },
  });
  expect(res.statusCode).toBe(201);
  return res.cookies.find((c) => c.name === "kindred_session");
}

describe("the session cookie's Secure flag", () => {
  it("is set when the public origin is https, even for a plain-HTTP hop from a proxy not trusted", async () => {
    expect((await sessionCookieOf(behindUntrustedProxy.app, "securely"))?.secure).toBe(true);
  });

  it("is left off for a local plain-HTTP run without a public origin (a browser would drop it)", async () => {
    expect((await sessionCookieOf(plainLocal.app, "locally"))?.secure).toBeFalsy();
  });
});

describe("the start-up warning", () => {
  it("warns in production without an https public origin", () => {
    expect(insecureCookieWarning({ NODE_ENV: "production", PUBLIC_ORIGIN: undefined })).toMatch(
      /without the Secure flag.*PUBLIC_ORIGIN=https:/,
    );
    expect(
      insecureCookieWarning({ NODE_ENV: "production", PUBLIC_ORIGIN: "http://kindred.example" }),
    ).not.toBe(null);
  });

  it("is quiet in production on https, and in development", () => {
    expect(insecureCookieWarning({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://kindred.example" })).toBe(
      null,
    );
    expect(insecureCookieWarning({ NODE_ENV: "development", PUBLIC_ORIGIN: undefined })).toBe(null);
  });
});
