import { MAX_PUSH_SUBSCRIPTIONS, PUSH_ENDPOINT_REFUSED } from "@kindred/shared/notifications";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";
import { makeSubscription } from "../../test/push-endpoint.ts";

// No request leaves in this file: the allowed origin has no server behind it.
const ALLOWED = "https://127.0.0.1:9";
const { app } = await createTestApp({ env: { PUSH_ENDPOINT_ALLOW: ALLOWED } });

const post = (cookie: string, payload: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { cookie },
    payload: payload as object,
  });
const list = async (cookie: string) =>
  (await app.inject({ method: "GET", url: "/api/push/subscriptions", headers: { cookie } })).json()
    .subscriptions as { endpoint: string; createdAt: string }[];

describe("push routes", () => {
  it("require a signed-in person", async () => {
    for (const [method, url] of [
      ["GET", "/api/push/key"],
      ["GET", "/api/push/subscriptions"],
      ["POST", "/api/push/subscriptions"],
      ["DELETE", "/api/push/subscriptions"],
      ["GET", "/api/notifications/settings"],
      ["PUT", "/api/notifications/settings"],
      ["POST", "/api/push/test"],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("hand out one VAPID public key", async () => {
    const { cookie } = await registerUser(app);
    const first = await app.inject({ method: "GET", url: "/api/push/key", headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(Buffer.from(first.json().publicKey, "base64url")).toHaveLength(65);
    const again = await app.inject({ method: "GET", url: "/api/push/key", headers: { cookie } });
    expect(again.json().publicKey).toBe(first.json().publicKey);
  });

  it("accept a push service's endpoint and list it", async () => {
    const { cookie } = await registerUser(app);
    const { subscription } = makeSubscription("https://fcm.googleapis.com/fcm/send");
    const res = await post(cookie, subscription);
    expect(res.statusCode).toBe(201);
    expect(res.json().endpoint).toBe(subscription.endpoint);
    expect((await list(cookie)).map((s) => s.endpoint)).toEqual([subscription.endpoint]);
    // The browser posts its subscription on every start: the same endpoint stays one subscription.
    expect((await post(cookie, subscription)).statusCode).toBe(201);
    expect(await list(cookie)).toHaveLength(1);
  });

  it("refuse endpoints that are not a push service's", async () => {
    const { cookie } = await registerUser(app);
    const keys = makeSubscription(ALLOWED).subscription.keys;
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x", // not https
      "https://example.com/push/x",
      "https://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com.evil.example/x",
      "https://fcm.googleapis.com:8443/x", // another port of a known host
      "https://push.services.mozilla.com.example/x",
      "https://127.0.0.1:8443/push/x", // loopback, but not the allowed origin
    ]) {
      const res = await post(cookie, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(PUSH_ENDPOINT_REFUSED);
    }
    for (const endpoint of [
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://web.push.apple.com/x",
      `${ALLOWED}/push/x`,
    ]) {
      expect((await post(cookie, { endpoint, keys })).statusCode, endpoint).toBe(201);
    }
    expect((await post(cookie, { endpoint: "not a url", keys })).statusCode).toBe(400);
    const badKeys = await post(cookie, { endpoint: `${ALLOWED}/push/y`, keys: { ...keys, p256dh: "AAAA" } });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().field).toBe("keys");
    expect(
      (await post(cookie, { endpoint: `${ALLOWED}/push/y`, keys: { ...keys, auth: "c2hvcnQ" } })).statusCode,
    ).toBe(400);
    expect((await post(cookie, { endpoint: `${ALLOWED}/push/y` })).statusCode).toBe(400);
    expect(
      (await post(cookie, { endpoint: `${ALLOWED}/push/y`, keys: { p256dh: "", auth: "" } })).statusCode,
    ).toBe(400);
  });

  it(`keep at most ${MAX_PUSH_SUBSCRIPTIONS} per person: one more replaces the oldest`, async () => {
    const { cookie } = await registerUser(app);
    const subs = Array.from(
      { length: MAX_PUSH_SUBSCRIPTIONS + 1 },
      () => makeSubscription(ALLOWED).subscription,
    );
    for (const s of subs) expect((await post(cookie, s)).statusCode).toBe(201);
    const kept = (await list(cookie)).map((s) => s.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(kept).not.toContain(subs[0]?.endpoint);
    expect(kept).toContain(subs[MAX_PUSH_SUBSCRIPTIONS]?.endpoint);
  });

  it("move an endpoint to the account that subscribes it last", async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    const { subscription } = makeSubscription(ALLOWED);
    await post(ann.cookie, subscription);
    expect((await post(bob.cookie, subscription)).statusCode).toBe(201);
    expect(await list(ann.cookie)).toEqual([]);
    expect((await list(bob.cookie)).map((s) => s.endpoint)).toEqual([subscription.endpoint]);
  });

  it("delete only one's own endpoints", async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    const { subscription } = makeSubscription(ALLOWED);
    await post(ann.cookie, subscription);
    const del = (cookie: string, endpoint: string) =>
      app.inject({
        method: "DELETE",
        url: "/api/push/subscriptions",
        headers: { cookie },
        payload: { endpoint },
      });
    expect((await del(bob.cookie, subscription.endpoint)).statusCode).toBe(404);
    expect((await del(ann.cookie, `${ALLOWED}/push/unknown`)).statusCode).toBe(404);
    expect(await list(ann.cookie)).toHaveLength(1);
    const gone = await del(ann.cookie, subscription.endpoint);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe("");
    expect(await list(ann.cookie)).toEqual([]);
  });

  it("keep a person's notification settings", async () => {
    const { cookie } = await registerUser(app);
    const url = "/api/notifications/settings";
    const defaults = await app.inject({ method: "GET", url, headers: { cookie } });
    expect(defaults.json()).toEqual({
      calls: true,
      reminders: true,
      messages: true,
      news: true,
      hideNames: false,
      quietHours: null,
    });
    const changed = {
      calls: true,
      reminders: false,
      messages: false,
      news: true,
      hideNames: true,
      quietHours: { start: "22:00", end: "07:30" },
    };
    const put = await app.inject({ method: "PUT", url, headers: { cookie }, payload: changed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(changed);
    expect((await app.inject({ method: "GET", url, headers: { cookie } })).json()).toEqual(changed);
    const cleared = { ...changed, quietHours: null };
    expect((await app.inject({ method: "PUT", url, headers: { cookie }, payload: cleared })).json()).toEqual(
      cleared,
    );

    for (const quietHours of [
      { start: "22:00" },
      { start: "25:00", end: "07:00" },
      { start: "8:00", end: "9:00" },
    ]) {
      const bad = await app.inject({
        method: "PUT",
        url,
        headers: { cookie },
        payload: { ...changed, quietHours },
      });
      expect(bad.statusCode, JSON.stringify(quietHours)).toBe(400);
    }
    const same = { ...changed, quietHours: { start: "22:00", end: "22:00" } };
    const res = await app.inject({ method: "PUT", url, headers: { cookie }, payload: same });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/different time/);
    const { calls: _, ...missing } = changed;
    expect((await app.inject({ method: "PUT", url, headers: { cookie }, payload: missing })).statusCode).toBe(
      400,
    );
  });

  it("refuse a test notification to a person with no subscription", async () => {
    const { cookie } = await registerUser(app);
    const res = await app.inject({ method: "POST", url: "/api/push/test", headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Turn on notifications/);
  });
});
