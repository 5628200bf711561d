import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pushPayloadSchema } from "@kindred/shared/notifications";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { buildApp } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";
import { loadEnv } from "../../env.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { openTestDatabase } from "../../test/database.ts";
import { GENEROUS_LIMITS } from "../../test/generous-limits.ts";
import { makeSubscription, startPushEndpoint } from "../../test/push-endpoint.ts";
import { notify, type PushNotice } from "./notify.ts";

const endpoint = await startPushEndpoint();
afterAll(() => endpoint.close());
const env = { PUSH_ENDPOINT_ALLOW: endpoint.origin, PUSH_SWEEP_MS: "200" };
const { app, db } = await createTestApp({ env });
const keys = webpush.generateVAPIDKeys();
const configured = await createTestApp({
  env: {
    ...env,
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: "https://kindred.example",
  },
});
// Sweeps too rarely to matter: what it sends, the kick sent.
const unswept = await createTestApp({ env: { ...env, PUSH_SWEEP_MS: "600000" } });

/** A person with one browser subscribed through the API; the test holds that browser's keys. */
async function subscribed(on: FastifyInstance = app) {
  const user = await registerUser(on);
  const browser = makeSubscription(endpoint.origin);
  const res = await on.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { cookie: user.cookie },
    payload: browser.subscription,
  });
  expect(res.statusCode).toBe(201);
  return { ...user, browser };
}

const ring = (userId: number, over: Partial<PushNotice> = {}): PushNotice => ({
  userId,
  type: "calls",
  kind: "call",
  dedupeKey: "call-42",
  title: "bob is calling",
  anonymousTitle: "Someone is calling you on Kindred",
  tag: "call-42",
  url: "/call/7",
  callId: 42,
  matchId: 7,
  ttlSeconds: 45,
  urgency: "high",
  topic: "call-42",
  ...over,
});

const rowsOf = (on: Db, userId: number) => on.select().from(pushOutbox).where(eq(pushOutbox.userId, userId));

describe("the push sender", () => {
  it("sends a test notification that the browser decrypts, signed with the app's VAPID key", async () => {
    const me = await subscribed();
    const key = (
      await app.inject({ method: "GET", url: "/api/push/key", headers: { cookie: me.cookie } })
    ).json();
    const res = await app.inject({ method: "POST", url: "/api/push/test", headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 1 });
    const [push] = await endpoint.waitFor(me.browser.path);
    expect(push?.vapidValid).toBe(true);
    expect(push?.vapidKey).toBe(key.publicKey);
    expect(push?.vapidSubject).toBe("mailto:support@kindred.example");
    expect(push?.encoding).toBe("aes128gcm");
    expect(push?.urgency).toBe("normal");
    expect(push?.topic).toBe("test");
    expect(push?.ttl).toBeGreaterThan(50);
    expect(push?.ttl).toBeLessThanOrEqual(60);
    const payload = pushPayloadSchema.parse(JSON.parse(me.browser.decrypt(push?.body ?? Buffer.alloc(0))));
    expect(payload).toEqual({
      kind: "test",
      title: "Test notification from Kindred",
      tag: "test",
      url: "/settings",
    });
    await expect.poll(async () => (await rowsOf(db, me.id))[0]?.outcome).toBe("sent");
    const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
    expect(sub?.lastSuccessAt).not.toBeNull();
  });

  it("sends a ring when kicked, with its TTL, high urgency and its topic", async () => {
    const me = await subscribed(unswept.app);
    const started = Date.now();
    expect(await notify(unswept.db, ring(me.id, { ringUntil: started + 45_000 }), new Date())).toBe(1);
    unswept.app.push.kick();
    const [push] = await endpoint.waitFor(me.browser.path);
    expect(push?.ttl).toBeGreaterThanOrEqual(43);
    expect(push?.ttl).toBeLessThanOrEqual(45);
    expect(push?.urgency).toBe("high");
    expect(push?.topic).toBe("call-42");
    const payload = JSON.parse(me.browser.decrypt(push?.body ?? Buffer.alloc(0)));
    expect(payload).toMatchObject({
      kind: "call",
      title: "bob is calling",
      callId: 42,
      matchId: 7,
      url: "/call/7",
    });
  });

  it("deletes a subscription the push service says is gone (410)", async () => {
    const me = await subscribed();
    endpoint.answer(me.browser.path, 410);
    await notify(db, ring(me.id), new Date());
    app.push.kick();
    await endpoint.waitFor(me.browser.path);
    await expect
      .poll(async () => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id)))
      .toEqual([]);
    expect(await rowsOf(db, me.id)).toEqual([]); // its queued pushes went with it
  });

  it("retries a push service's 5xx with backoff, then sends", async () => {
    const me = await subscribed();
    endpoint.answer(me.browser.path, 500, { status: 503, headers: { "retry-after": "1" } });
    await notify(db, ring(me.id, { ttlSeconds: 60 }), new Date());
    app.push.kick();
    const pushes = await endpoint.waitFor(me.browser.path, 3);
    expect(pushes.map((p) => p.status)).toEqual([500, 503, 201]);
    await expect.poll(async () => (await rowsOf(db, me.id))[0]?.outcome).toBe("sent");
    expect((await rowsOf(db, me.id))[0]?.attempts).toBe(3);
  });

  it("signs with the configured VAPID keys and subject", async () => {
    const me = await subscribed(configured.app);
    const key = await configured.app.inject({
      method: "GET",
      url: "/api/push/key",
      headers: { cookie: me.cookie },
    });
    expect(key.json()).toEqual({ publicKey: keys.publicKey });
    await configured.app.inject({ method: "POST", url: "/api/push/test", headers: { cookie: me.cookie } });
    const [push] = await endpoint.waitFor(me.browser.path);
    expect(push).toMatchObject({
      vapidValid: true,
      vapidKey: keys.publicKey,
      vapidSubject: "https://kindred.example",
    });
  });

  it("drops a push past its expiry instead of sending it late", async () => {
    const me = await subscribed();
    await notify(db, ring(me.id, { ttlSeconds: 45 }), new Date(Date.now() - 60_000));
    app.push.kick();
    await expect.poll(async () => (await rowsOf(db, me.id))[0]?.outcome).toBe("expired");
    expect(endpoint.to(me.browser.path)).toEqual([]);
  });
});

/** Two instances on one fresh database, as N behind a load balancer. */
async function twoInstances() {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-push-"));
  const appEnv = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    ...GENEROUS_LIMITS,
    ...env,
  });
  const apps = [
    await buildApp({ env: appEnv, db: database.db }),
    await buildApp({ env: appEnv, db: database.db }),
  ] as const;
  await Promise.all(apps.map((a) => a.ready()));
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { apps, db: database.db };
}

describe("two instances", async () => {
  const cluster = await twoInstances();

  it("share one VAPID key pair made on first use", async () => {
    const [a, b] = await Promise.all(cluster.apps.map((x) => x.push.publicKey()));
    expect(a).toBe(b);
  });

  // PGlite has one connection, so there two claims could never overlap: only PostgreSQL can prove it.
  it.runIf(process.env.DATABASE_URL)("send each notification exactly once", async () => {
    const [appA, appB] = cluster.apps;
    const me = await subscribed(appA);
    const count = 40;
    for (let i = 0; i < count; i++) {
      await notify(
        cluster.db,
        ring(me.id, { dedupeKey: `n-${i}`, title: `n-${i}`, ttlSeconds: 60 }),
        new Date(),
      );
    }
    for (let i = 0; i < 5; i++) {
      appA.push.kick();
      appB.push.kick();
    }
    await expect
      .poll(async () => (await rowsOf(cluster.db, me.id)).filter((r) => r.outcome === "sent").length)
      .toBe(count);
    const titles = endpoint.to(me.browser.path).map((p) => JSON.parse(me.browser.decrypt(p.body)).title);
    expect(titles).toHaveLength(count);
    expect(new Set(titles).size).toBe(count);
  });
});
