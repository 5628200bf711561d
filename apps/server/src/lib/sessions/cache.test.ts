import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { inProcessBackend } from "../../realtime/in-process-backend.ts";
import { topologies, useCluster } from "../../test/cluster.ts";
import type { Bus } from "../bus.ts";
import { SessionCache } from "./cache.ts";
import type { SessionUser } from "./lookup.ts";
import { CONFIRM_TIMEOUT_MS, Sessions } from "./service.ts";

const someone = (id: number) => ({ id, username: `u${id}`, interestedGenders: ["Women"] }) as SessionUser;
const FAR = Number.MAX_SAFE_INTEGER;

describe("SessionCache", () => {
  it("serves an entry for its TTL, then looks again", () => {
    const cache = new SessionCache(5_000);
    cache.set("t1", someone(1), FAR, cache.current, 1_000);
    expect(cache.get("t1", 5_999)?.id).toBe(1);
    expect(cache.get("t1", 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never serves a session past its own expiry, however long the TTL", () => {
    const cache = new SessionCache(5_000);
    cache.set("t1", someone(1), 2_000, cache.current, 1_000);
    expect(cache.get("t1", 1_999)?.id).toBe(1);
    expect(cache.get("t1", 2_000)).toBeUndefined();
  });

  it("forgets every session of a changed user, and only theirs", () => {
    const cache = new SessionCache();
    for (const [hash, id] of [
      ["a1", 1],
      ["a2", 1],
      ["b1", 2],
    ] as const) {
      cache.set(hash, someone(id), FAR, cache.current);
    }
    cache.forgetUser(1);
    expect(cache.get("a1")).toBeUndefined();
    expect(cache.get("a2")).toBeUndefined();
    expect(cache.get("b1")?.id).toBe(2);
  });

  it("does not store a lookup that was under way when the user changed (it may have read the old row)", () => {
    const cache = new SessionCache();
    const before = cache.current;
    cache.forgetUser(1);
    cache.set("t1", someone(1), FAR, before);
    expect(cache.get("t1")).toBeUndefined();
    cache.set("t1", someone(1), FAR, cache.current);
    expect(cache.get("t1")?.id).toBe(1);
  });

  it("holds at most its bound, dropping the entry filled longest ago", () => {
    const cache = new SessionCache(5_000, 2);
    for (const hash of ["t1", "t2", "t3"]) cache.set(hash, someone(Number(hash[1])), FAR, cache.current);
    expect(cache.size).toBe(2);
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t3")?.id).toBe(3);
  });

  it("drops expired entries as new ones come in", () => {
    const cache = new SessionCache(1_000);
    cache.set("t1", someone(1), FAR, cache.current, 0);
    cache.set("t2", someone(2), FAR, cache.current, 5_000);
    expect(cache.size).toBe(1);
  });

  it("hands out a user no request can change for the others", () => {
    const cache = new SessionCache();
    cache.set("t1", someone(1), FAR, cache.current);
    const user = cache.get("t1") as SessionUser;
    expect(Object.isFrozen(user)).toBe(true);
    expect(Object.isFrozen(user.interestedGenders)).toBe(true);
  });
});

describe("Sessions.changed", () => {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  const noDb = {} as Executor;
  /** The other instance's bus: what reaches it arrives `ms` later, or never. */
  const late = (bus: Bus, ms: number | "never"): Bus => ({
    publish: (channel, message) => bus.publish(channel, message),
    subscribe: (channel, onMessage) =>
      bus.subscribe(channel, (m) => ms !== "never" && setTimeout(() => onMessage(m), ms)),
  });

  it("resolves only once the other instances have forgotten the user, however late the bus", async () => {
    const { bus } = inProcessBackend({ presenceTtlMs: 1_000 });
    const here = new Sessions(noDb, bus, log);
    const there = new Sessions(noDb, late(bus, 50), log);
    await Promise.all([here.listen(), there.listen()]);
    there.cache.set("t1", someone(7), FAR, there.cache.current);
    await here.changed(7);
    expect(there.cache.get("t1")).toBeUndefined();
  });

  it("gives up waiting for an instance that does not answer (its TTL bounds it) and says so", async () => {
    const { bus } = inProcessBackend({ presenceTtlMs: 1_000 });
    const here = new Sessions(noDb, bus, log);
    const there = new Sessions(noDb, late(bus, "never"), log);
    await Promise.all([here.listen(), there.listen()]);
    const started = performance.now();
    await here.changed(7);
    expect(performance.now() - started).toBeGreaterThanOrEqual(CONFIRM_TIMEOUT_MS - 5);
    expect(JSON.stringify(warnings)).toContain("not every instance confirmed");
  });
});

// Behind a load balancer one request lands on one instance and the next on the other. Every request
// below goes over HTTP, and each check is made at once after the change, with no wait: the change's
// response is only sent once the other instances have been told (through the bus: Redis when set).
describe.each(topologies())("the session cache on %s", (topology) => {
  const cluster = useCluster(topology);
  let counter = 0;

  async function call(i: 0 | 1, method: string, path: string, cookie?: string, body?: unknown) {
    const url = cluster.urls[i];
    const res = await fetch(url + path, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("kindred_session=") && !c.startsWith("kindred_session=;"));
    return { status: res.status, body: await res.json().catch(() => null), cookie: session?.split(";")[0] };
  }

  /** A new account, and its cookie already cached on both instances. */
  async function signedUp() {
    counter += 1;
    const username = `cache${process.pid}${topology.length}${counter}`;
    const made = await call(0, "POST", "/api/register", undefined, {
      username,
      password: "secret123",
      email: `${username}@example.com`,
    });
    expect(made.status).toBe(201);
    const cookie = made.cookie as string;
    for (const i of [0, 1] as const) expect((await call(i, "GET", "/api/user", cookie)).status).toBe(200);
    return { id: made.body.id as number, username, cookie };
  }

  it("serves a cached user: a write behind the app's back shows only once the user is invalidated", async () => {
    const me = await signedUp();
    await cluster.db.update(users).set({ bio: "written behind the app" }).where(eq(users.id, me.id));
    // Within the TTL both instances still answer from memory (so the tests below test the cache).
    for (const i of [0, 1] as const)
      expect((await call(i, "GET", "/api/user", me.cookie)).body.bio).toBeNull();
    await cluster.apps[0].sessions.changed(me.id);
    for (const i of [0, 1] as const) {
      expect((await call(i, "GET", "/api/user", me.cookie)).body.bio).toBe("written behind the app");
    }
  });

  it("a logout on one instance makes the cookie 401 on the other at once", async () => {
    const me = await signedUp();
    expect((await call(0, "POST", "/api/logout", me.cookie)).status).toBe(200);
    expect((await call(1, "GET", "/api/user", me.cookie)).status).toBe(401);
    expect((await call(0, "GET", "/api/user", me.cookie)).status).toBe(401);
  });

  it("a sign-in with the cookie ends it everywhere (rotation); the new cookie works everywhere", async () => {
    const me = await signedUp();
    const login = await call(0, "POST", "/api/login", me.cookie, {
      username: me.username,
      password: "secret123",
    });
    expect(login.status).toBe(200);
    expect((await call(1, "GET", "/api/user", me.cookie)).status).toBe(401);
    expect((await call(0, "GET", "/api/user", me.cookie)).status).toBe(401);
    for (const i of [0, 1] as const)
      expect((await call(i, "GET", "/api/user", login.cookie)).status).toBe(200);
  });

  it("a profile change is in the next GET /api/user on both instances", async () => {
    const me = await signedUp();
    const saved = await call(0, "PUT", "/api/profile", me.cookie, {
      bio: "Changed on the first",
      questionnaireStep: 3,
    });
    expect(saved.status).toBe(200);
    for (const i of [1, 0] as const) {
      const { body } = await call(i, "GET", "/api/user", me.cookie);
      expect(body).toMatchObject({ bio: "Changed on the first", questionnaireStep: 3 });
    }
  });

  it("a plan change is in the next GET /api/user on both instances", async () => {
    const me = await signedUp();
    expect((await call(1, "POST", "/api/subscription", me.cookie, { profileType: "premium" })).status).toBe(
      200,
    );
    for (const i of [0, 1] as const) {
      expect((await call(i, "GET", "/api/user", me.cookie)).body).toMatchObject({ isPremium: true });
    }
  });

  it("a new photo, and its removal, are in the next GET /api/user on both instances", async () => {
    const me = await signedUp();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#345678" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const uploaded = await fetch(`${cluster.urls[0]}/api/profile/photo`, {
      method: "POST",
      headers: { cookie: me.cookie, origin: cluster.urls[0] },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    for (const i of [1, 0] as const) {
      expect((await call(i, "GET", "/api/user", me.cookie)).body.photoUrl).toBe(`/api/users/${me.id}/photo`);
    }
    expect((await call(1, "DELETE", "/api/profile/photo", me.cookie)).status).toBe(200);
    for (const i of [0, 1] as const)
      expect((await call(i, "GET", "/api/user", me.cookie)).body.photoUrl).toBeNull();
  });

  it("deleting the account makes its cookie 401 on every instance at once", async () => {
    const me = await signedUp();
    expect((await call(0, "DELETE", "/api/user", me.cookie, { password: "secret123" })).status).toBe(200);
    expect((await call(1, "GET", "/api/user", me.cookie)).status).toBe(401);
    expect((await call(0, "GET", "/api/user", me.cookie)).status).toBe(401);
  });
});
