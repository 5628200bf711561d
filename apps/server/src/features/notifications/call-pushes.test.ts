// Issue 28: what a call pushes to the receiver (the ring, then the same notification as a missed call),
// and the news a counted call brings, as the outbox rows they are decided as. No push service is reached.
import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { PUSH_TEST_ENV, pushesTo, quietAroundNow, setSettings, subscribe } from "./test-kit.ts";

const cluster = useCluster("one instance", PUSH_TEST_ENV);
const app = () => cluster.apps[0];
type User = Awaited<ReturnType<typeof registerUser>>;
const as = (user: User) => ({
  post: (url: string, payload?: object) =>
    app().inject({ method: "POST", url, payload, headers: { cookie: user.cookie } }),
  patch: (url: string, payload: object) =>
    app().inject({ method: "PATCH", url, payload, headers: { cookie: user.cookie } }),
});

/** Two matched people; the second has a push subscription. */
async function pair() {
  const a = await registerUser(app());
  const b = await registerUser(app());
  await subscribe(cluster.db, b.id);
  return { a, b, matchId: await matchUsers(cluster.db, a.id, b.id) };
}

async function ring(from: User, matchId: number): Promise<number> {
  const res = await as(from).post("/api/calls", { matchId });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const missAll = () => app().callClock.sweep(new Date(Date.now() + RING_TIMEOUT_MS + 1_000));

describe("an incoming call", () => {
  it("rings every subscription of the receiver with high urgency for the ring's time", async () => {
    const { a, b, matchId } = await pair();
    await subscribe(cluster.db, b.id);
    const callId = await ring(a, matchId);
    const pushes = await pushesTo(cluster.db, b.id);
    expect(pushes).toHaveLength(2);
    for (const push of pushes) {
      expect(push).toMatchObject({
        dedupeKey: `call-${callId}`,
        urgency: "high",
        topic: `call-${callId}`,
        payload: {
          kind: "call",
          title: `${a.username} is calling`,
          tag: `call-${callId}`,
          url: `/call/${matchId}`,
          callId,
          matchId,
          ringUntil: expect.any(Number),
        },
      });
      expect(push.ttlMs).toBeGreaterThan(RING_TIMEOUT_MS - 5_000);
      expect(push.ttlMs).toBeLessThanOrEqual(RING_TIMEOUT_MS);
    }
    expect(await pushesTo(cluster.db, a.id)).toEqual([]);
  });

  it("becomes 'Missed call' under the same tag and topic when nobody answers", async () => {
    const { a, b, matchId } = await pair();
    const callId = await ring(a, matchId);
    await missAll();
    const [ringing, missed] = await pushesTo(cluster.db, b.id);
    expect(missed).toMatchObject({
      dedupeKey: `missed-${callId}`,
      urgency: "normal",
      topic: ringing?.topic,
      payload: {
        kind: "missed",
        title: `Missed call from ${a.username}`,
        tag: ringing?.payload.tag,
        url: "/matches",
      },
      ttlMs: 86_400_000,
    });
    // Another sweep decides nothing more.
    await missAll();
    expect(await pushesTo(cluster.db, b.id)).toHaveLength(2);
  });

  it("becomes 'Missed call' when declined or cancelled by the caller, and stays as it was when answered", async () => {
    const { a, b, matchId } = await pair();
    const declined = await ring(a, matchId);
    expect((await as(b).patch(`/api/calls/${declined}`, { status: "rejected" })).statusCode).toBe(200);
    const cancelled = await ring(a, matchId);
    expect((await as(a).patch(`/api/calls/${cancelled}`, { status: "cancelled" })).statusCode).toBe(200);
    const answered = await ring(a, matchId);
    expect((await as(b).patch(`/api/calls/${answered}`, { status: "active" })).statusCode).toBe(200);
    expect((await pushesTo(cluster.db, b.id)).map((p) => [p.dedupeKey, p.payload.tag])).toEqual([
      [`call-${declined}`, `call-${declined}`],
      [`missed-${declined}`, `call-${declined}`],
      [`call-${cancelled}`, `call-${cancelled}`],
      [`missed-${cancelled}`, `call-${cancelled}`],
      [`call-${answered}`, `call-${answered}`],
    ]);
  });

  it("pushes no missed call where no ring was pushed (no subscription then)", async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    await ring(a, matchId);
    await subscribe(cluster.db, b.id);
    await missAll();
    expect(await pushesTo(cluster.db, b.id)).toEqual([]);
  });

  it("follows the receiver's settings: calls off, names hidden, quiet hours except in an accepted slot", async () => {
    const off = await pair();
    await setSettings(cluster.db, off.b.id, { calls: false });
    await ring(off.a, off.matchId);
    await missAll();
    expect(await pushesTo(cluster.db, off.b.id)).toEqual([]);

    const hidden = await pair();
    await setSettings(cluster.db, hidden.b.id, { hideNames: true });
    await ring(hidden.a, hidden.matchId);
    await missAll();
    const titles = (await pushesTo(cluster.db, hidden.b.id)).map((p) => p.payload.title);
    expect(titles).toEqual(["Someone is calling you on Kindred", "You missed a call on Kindred"]);

    const quiet = await pair();
    await setSettings(cluster.db, quiet.b.id, quietAroundNow());
    await ring(quiet.a, quiet.matchId);
    await missAll();
    expect(await pushesTo(cluster.db, quiet.b.id)).toEqual([]);
    // The same person, in the slot they accepted: it rings, and the ring's end replaces it.
    await cluster.db
      .update(matches)
      .set({
        callScheduled: true,
        scheduledCallTime: new Date(Date.now() + 5 * 60_000),
        scheduledBy: quiet.a.id,
        scheduleAccepted: true,
      })
      .where(eq(matches.id, quiet.matchId));
    const inSlot = await ring(quiet.a, quiet.matchId);
    await missAll();
    expect((await pushesTo(cluster.db, quiet.b.id)).map((p) => p.dedupeKey)).toEqual([
      `call-${inSlot}`,
      `missed-${inSlot}`,
    ]);
  });
});

describe("a counted call's news", () => {
  /** A call answered and hung up after a minute of talk: it counts. */
  async function talk(from: User, to: User, matchId: number) {
    const id = await ring(from, matchId);
    const active = (await as(to).patch(`/api/calls/${id}`, { status: "active" })).json();
    await app().callClock.complete(id, "hangup", from.id, new Date(Date.parse(active.activeAt) + 61_000));
  }
  const news = async (userId: number) =>
    (await pushesTo(cluster.db, userId)).filter((p) => p.payload.kind === "news");

  it("tells both people once when the chat unlocks and when the photos are revealed", async () => {
    const { a, b, matchId } = await pair();
    await subscribe(cluster.db, a.id);
    await setSettings(cluster.db, a.id, { hideNames: true });
    await cluster.db.update(matches).set({ callCount: 1 }).where(eq(matches.id, matchId));
    await talk(a, b, matchId);
    expect(await news(b.id)).toEqual([
      expect.objectContaining({
        dedupeKey: `unlock-${matchId}`,
        payload: expect.objectContaining({
          title: `Chat is now unlocked with ${a.username}`,
          url: `/conversation/${matchId}`,
        }),
      }),
    ]);
    expect((await news(a.id)).map((p) => p.payload.title)).toEqual([
      "Chat is now unlocked with one of your matches",
    ]);
    // The third call reveals basic photos; the chat was unlocked already.
    await talk(b, a, matchId);
    expect((await news(b.id)).map((p) => [p.dedupeKey, p.payload.title, p.payload.url])).toEqual([
      [`unlock-${matchId}`, `Chat is now unlocked with ${a.username}`, `/conversation/${matchId}`],
      [`photos-${matchId}`, `Your photos are revealed to each other: ${a.username}`, `/profile/${a.id}`],
    ]);
    expect(await news(a.id)).toHaveLength(2);
  });

  it("pushes no news to someone who turned news off", async () => {
    const { a, b, matchId } = await pair();
    await setSettings(cluster.db, b.id, { news: false });
    await cluster.db.update(matches).set({ callCount: 1 }).where(eq(matches.id, matchId));
    await talk(a, b, matchId);
    expect(await news(b.id)).toEqual([]);
  });
});
