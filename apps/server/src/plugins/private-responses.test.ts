import { describe, expect, it } from "vitest";
import { createTestApp, onboardedUser } from "../test/app.ts";

const { app } = await createTestApp();

describe("private responses", () => {
  it("tell browsers and proxies to keep no copy of anything the API answers", async () => {
    const user = await onboardedUser(app);
    const asUser = (method: "GET" | "POST", url: string) =>
      app.inject({ method, url, headers: { cookie: user.cookie } });
    const answers = [
      await asUser("GET", "/api/user"),
      await asUser("GET", "/api/user/export"),
      await asUser("GET", "/api/matches"),
      await asUser("GET", "/api/matches/999999"),
      await asUser("GET", "/api/chats"),
      await asUser("GET", "/api/calls/ice-servers"),
      await asUser("GET", "/api/calls/allowance"),
      await app.inject({ method: "GET", url: "/api/user" }),
      await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: user.password },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});
