// Issue 29: GET and PUT /api/notifications/mail, the person's mail toggles.
import { DEFAULT_MAIL_SETTINGS } from "@kindred/shared/mail";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";

const { app } = await createTestApp();
const url = "/api/notifications/mail";

describe("mail notification settings", () => {
  it("start at the defaults, keep a change, and leave the push settings alone", async () => {
    const { cookie } = await registerUser(app);
    const got = await app.inject({ method: "GET", url, headers: { cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(DEFAULT_MAIL_SETTINGS);
    expect(DEFAULT_MAIL_SETTINGS).toEqual({ calls: true, reminders: true, messages: true, news: false });
    const changed = { calls: false, reminders: true, messages: false, news: true };
    const put = await app.inject({ method: "PUT", url, headers: { cookie }, payload: changed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(changed);
    expect((await app.inject({ method: "GET", url, headers: { cookie } })).json()).toEqual(changed);
    const push = await app.inject({ method: "GET", url: "/api/notifications/settings", headers: { cookie } });
    expect(push.json()).toMatchObject({ calls: true, messages: true, news: true });
  });

  it("refuse a body that is not four switches, with a sentence", async () => {
    const { cookie } = await registerUser(app);
    const bad = await app.inject({ method: "PUT", url, headers: { cookie }, payload: { calls: "yes" } });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe("string");
    expect(bad.json().message.length).toBeGreaterThan(5);
  });

  it("are for the signed-in only", async () => {
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    const payload = { calls: true, reminders: true, messages: true, news: true };
    expect((await app.inject({ method: "PUT", url, payload })).statusCode).toBe(401);
  });
});
