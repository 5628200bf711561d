import { selfUserSchema } from "@kindred/shared/user";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";

const { app } = await createTestApp();

const getUser = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

describe("GET /api/user's kept body", () => {
  it("is the response schema's serialization, sent as JSON", async () => {
    const user = await registerUser(app);
    const res = await getUser(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.body).toBe(JSON.stringify(selfUserSchema.parse(res.json())));
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, profileType: "basic" });
  });

  it("follows every change to the user at once: profile, plan, each for its own person", async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    await getUser(ann.cookie);
    await getUser(bob.cookie);
    const write = (method: "PUT" | "POST", url: string, payload: object) =>
      app.inject({ method, url, payload, headers: { cookie: ann.cookie } });
    const profile = await write("PUT", "/api/profile", { bio: "Changed a moment ago." });
    expect(profile.statusCode).toBe(200);
    expect((await getUser(ann.cookie)).json()).toMatchObject({ bio: "Changed a moment ago." });
    const plan = await write("POST", "/api/subscription", { profileType: "elite" });
    expect(plan.statusCode).toBe(200);
    expect((await getUser(ann.cookie)).json()).toMatchObject({ profileType: "elite", isPremium: true });
    expect((await getUser(bob.cookie)).json()).toMatchObject({ id: bob.id, bio: null, profileType: "basic" });
  });
});
