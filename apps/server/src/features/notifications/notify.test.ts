import { TIME_ZONE } from "@kindred/shared/constants";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushOutbox } from "../../db/schema/push.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { makeSubscription } from "../../test/push-endpoint.ts";
import { inQuietHours, notify, type PushNotice } from "./notify.ts";

describe("inQuietHours", () => {
  it("reads the span on London's clock, across midnight too", () => {
    // January: London is on UTC.
    expect(inQuietHours("22:00", "07:00", new Date("2026-01-10T23:30:00Z"))).toBe(true);
    expect(inQuietHours("22:00", "07:00", new Date("2026-01-10T06:59:00Z"))).toBe(true);
    expect(inQuietHours("22:00", "07:00", new Date("2026-01-10T07:00:00Z"))).toBe(false);
    expect(inQuietHours("22:00", "07:00", new Date("2026-01-10T12:00:00Z"))).toBe(false);
    expect(inQuietHours("09:00", "17:00", new Date("2026-01-10T12:00:00Z"))).toBe(true);
    expect(inQuietHours("09:00", "17:00", new Date("2026-01-10T17:00:00Z"))).toBe(false);
    // July: British Summer Time, an hour ahead of UTC.
    expect(inQuietHours("22:00", "07:00", new Date("2026-07-01T21:30:00Z"))).toBe(true);
    expect(inQuietHours("22:00", "07:00", new Date("2026-07-01T20:30:00Z"))).toBe(false);
  });

  it("is never on without both ends, or with equal ends", () => {
    const now = new Date("2026-01-10T23:30:00Z");
    expect(inQuietHours(null, "07:00", now)).toBe(false);
    expect(inQuietHours("22:00", null, now)).toBe(false);
    expect(inQuietHours("23:00", "23:00", now)).toBe(false);
  });
});

const ALLOWED = "https://127.0.0.1:9";
// No sweep during the file: only what notify() writes is looked at.
const { app, db } = await createTestApp({ env: { PUSH_ENDPOINT_ALLOW: ALLOWED, PUSH_SWEEP_MS: "600000" } });

async function personWithBrowsers(n: number) {
  const user = await registerUser(app);
  for (let i = 0; i < n; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { cookie: user.cookie },
      payload: makeSubscription(ALLOWED).subscription,
    });
    expect(res.statusCode).toBe(201);
  }
  return user;
}

const settings = (cookie: string, change: object) =>
  app.inject({
    method: "PUT",
    url: "/api/notifications/settings",
    headers: { cookie },
    payload: {
      calls: true,
      reminders: true,
      messages: true,
      news: true,
      hideNames: false,
      quietHours: null,
      ...change,
    },
  });

const notice = (userId: number, over: Partial<PushNotice> = {}): PushNotice => ({
  userId,
  type: "messages",
  kind: "message",
  dedupeKey: `m-${Math.random()}`,
  title: "New message from bob",
  anonymousTitle: "You have a new message",
  tag: "chat-3",
  url: "/chat/3",
  matchId: 3,
  ttlSeconds: 3600,
  urgency: "normal",
  topic: "chat-3",
  ...over,
});

const hhmm = (d: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).format(d);

describe("notify", () => {
  it("writes one row per subscription, once per dedupe key", async () => {
    const me = await personWithBrowsers(2);
    const n = notice(me.id);
    expect(await notify(db, n, new Date())).toBe(2);
    expect(await notify(db, n, new Date())).toBe(0);
    const rows = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, me.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.payload).toMatchObject({ kind: "message", title: "New message from bob", matchId: 3 });
  });

  it("writes nothing for a person with no subscription", async () => {
    const me = await personWithBrowsers(0);
    expect(await notify(db, notice(me.id), new Date())).toBe(0);
  });

  it("writes nothing of a type the person turned off, but still the others", async () => {
    const me = await personWithBrowsers(1);
    await settings(me.cookie, { messages: false });
    expect(await notify(db, notice(me.id), new Date())).toBe(0);
    expect(await notify(db, notice(me.id, { type: "calls", kind: "call" }), new Date())).toBe(1);
  });

  it("holds back pushes in quiet hours, except what may ring then", async () => {
    const me = await personWithBrowsers(1);
    const now = new Date();
    const start = hhmm(new Date(now.getTime() - 60 * 60_000));
    const end = hhmm(new Date(now.getTime() + 60 * 60_000));
    await settings(me.cookie, { quietHours: { start, end } });
    expect(await notify(db, notice(me.id), now)).toBe(0);
    expect(await notify(db, notice(me.id, { type: "calls", evenInQuietHours: true }), now)).toBe(1);
    expect(await notify(db, notice(me.id), new Date(now.getTime() + 3 * 60 * 60_000))).toBe(1);
  });

  it("hides names when the person asked", async () => {
    const me = await personWithBrowsers(1);
    await settings(me.cookie, { hideNames: true });
    await notify(db, notice(me.id), new Date());
    const [row] = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, me.id));
    expect(row?.payload).toMatchObject({ title: "You have a new message" });
    expect(JSON.stringify(row?.payload)).not.toContain("bob");
  });
});
