import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../test/app.ts";

const { app } = await createTestApp();

/** What @fastify/helmet set with the app's options, before the headers were worked out once. */
const HELMET_HEADERS = {
  "content-security-policy":
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';media-src 'self' blob:",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

const API_ONLY = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};
const PAGE_ONLY = Object.keys(HELMET_HEADERS).filter((name) => !(name in API_ONLY));

describe("security headers", () => {
  it("are helmet's, unchanged, on pages, the API's page and unknown paths (and no HSTS)", async () => {
    const user = await registerUser(app);
    const pages = [
      await app.inject({ method: "GET", url: "/" }),
      await app.inject({ method: "GET", url: "/home", headers: { cookie: user.cookie } }),
      await app.inject({ method: "GET", url: "/no-such-page" }),
      await app.inject({ method: "GET", url: "/api/docs" }),
      await app.inject({ method: "GET", url: "/api/docs?x=1" }),
    ];
    for (const res of pages) {
      expect(res.headers).toMatchObject(HELMET_HEADERS);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("are the stricter API set on answers, refusals, errors and files under /api/, and only those", async () => {
    const user = await registerUser(app);
    const answers = [
      await app.inject({ method: "GET", url: "/api/user", headers: { cookie: user.cookie } }),
      await app.inject({ method: "GET", url: "/api/user" }),
      await app.inject({ method: "GET", url: "/api/no-such-route" }),
      await app.inject({ method: "POST", url: "/api/login", payload: {} }),
      await app.inject({ method: "GET", url: "/api/docs/json" }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 400, 200]);
    for (const res of answers) {
      expect(res.headers).toMatchObject(API_ONLY);
      for (const name of [...PAGE_ONLY, "strict-transport-security"])
        expect(res.headers[name]).toBeUndefined();
    }
  });
});
