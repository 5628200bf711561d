// Issue 28: the pushes found by time (scheduled-call reminders, messages left unread) and a new match,
// as the outbox rows they are decided as. The scheduling clock is moved, never waited for.
import { UNREAD_PUSH_AFTER_MS } from "@kindred/shared/notifications";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";
import { TestSocket } from "../../test/sockets.ts";
import { markRead, sendMessage } from "../chat/mutations.ts";
import { scanDue, scanReminders, scanUnread } from "./scans.ts";
import { PUSH_TEST_ENV, pushesTo, quietAroundNow, setSettings, subscribe } from "./test-kit.ts";

const MIN = 60_000;
const cluster = useCluster("one instance", PUSH_TEST_ENV);
const app = () => cluster.apps[0];

/** Two matched people, both subscribed. */
async function pair() {
  const a = await registerUser(app());
  const b = await registerUser(app());
  await subscribe(cluster.db, a.id);
  await subscribe(cluster.db, b.id);
  return { a, b, matchId: await matchUsers(cluster.db, a.id, b.id) };
}

afterEach(() => app().scheduleClock.set(null));

describe("scheduled-call reminders", () => {
  // A slot two days ahead, on the hour: the scheduling clock is moved around it.
  const slot = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
  const clockAt = (ms: number) => app().scheduleClock.set(new Date(slot.getTime() + ms));

  async function scheduled(accepted = true) {
    const p = await pair();
    await cluster.db
      .update(matches)
      .set({ callScheduled: true, scheduledCallTime: slot, scheduledBy: p.a.id, scheduleAccepted: accepted })
      .where(eq(matches.id, p.matchId));
    return p;
  }

  it("reminds both people 10 minutes before and at the slot, each once however many scans", async () => {
    const { a, b, matchId } = await scheduled();
    clockAt(-11 * MIN);
    await scanReminders(app());
    expect(await pushesTo(cluster.db, a.id)).toEqual([]);

    clockAt(-9 * MIN);
    await scanReminders(app());
    await scanDue(app());
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const pushes = await pushesTo(cluster.db, me.id);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({
        dedupeKey: `remind10-${matchId}-${slot.toISOString()}`,
        urgency: "normal",
        topic: `sched-${matchId}`,
        payload: {
          kind: "reminder",
          title: `Your call with ${other.username} starts in 10 minutes`,
          tag: `sched-${matchId}`,
          url: `/call/${matchId}?autoStart=true`,
          matchId,
        },
      });
      // Until the join window closes: 39 minutes from the moment it was decided.
      expect(Math.abs((pushes[0]?.ttlMs ?? 0) - 39 * MIN)).toBeLessThan(5_000);
    }

    clockAt(MIN);
    await scanReminders(app());
    await scanReminders(app());
    const [, atSlot] = await pushesTo(cluster.db, a.id);
    expect(atSlot).toMatchObject({
      dedupeKey: `remind0-${matchId}-${slot.toISOString()}`,
      urgency: "high",
      topic: `sched-${matchId}`,
      payload: { title: `Your call with ${b.username} is starting`, tag: `sched-${matchId}` },
    });
    expect(await pushesTo(cluster.db, b.id)).toHaveLength(2);
  });

  it("writes a reminder once when two scans race", async () => {
    const { a } = await scheduled();
    clockAt(-5 * MIN);
    // Both may find it before either has written it: the outbox keeps one.
    await Promise.all([scanReminders(app()), scanReminders(app())]);
    expect(await pushesTo(cluster.db, a.id)).toHaveLength(1);
  });

  it("reminds nobody of a slot not accepted, or well past, and follows toggles and hidden names, not quiet hours", async () => {
    const proposed = await scheduled(false);
    clockAt(-5 * MIN);
    await scanReminders(app());
    expect(await pushesTo(cluster.db, proposed.a.id)).toEqual([]);

    const late = await scheduled();
    clockAt(31 * MIN);
    await scanReminders(app());
    expect(await pushesTo(cluster.db, late.a.id)).toEqual([]);

    const { a, b } = await scheduled();
    await setSettings(cluster.db, a.id, { reminders: false });
    await setSettings(cluster.db, b.id, { hideNames: true, ...quietAroundNow() });
    clockAt(-5 * MIN);
    await scanReminders(app());
    expect(await pushesTo(cluster.db, a.id)).toEqual([]);
    expect((await pushesTo(cluster.db, b.id)).map((p) => p.payload.title)).toEqual([
      "Your Kindred call starts in 10 minutes",
    ]);
  });
});

describe("unread messages", () => {
  async function chatting() {
    const p = await pair();
    await cluster.db.update(matches).set({ isChatUnlocked: true }).where(eq(matches.id, p.matchId));
    let n = 0;
    const send = async (from: { id: number }, agoMs: number) => {
      n += 1;
      const at = new Date(Date.now() - agoMs);
      const input = { matchId: p.matchId, senderId: from.id, content: `hello ${n}`, clientId: `c${n}` };
      return (await sendMessage(cluster.db, input, at)).message;
    };
    return { ...p, send };
  }

  it("pushes the newest message unread for 2 minutes, once, as one notification per conversation", async () => {
    const { a, b, matchId, send } = await chatting();
    await send(a, 5 * MIN);
    const second = await send(a, 3 * MIN);
    await send(a, UNREAD_PUSH_AFTER_MS - 20_000); // too recent yet
    await scanUnread(app());
    await scanUnread(app());
    expect(await pushesTo(cluster.db, b.id)).toEqual([
      {
        dedupeKey: `msg-${second.id}`,
        urgency: "normal",
        topic: `chat-${matchId}`,
        ttlMs: 86_400_000,
        payload: {
          kind: "message",
          title: `${a.username} sent you a message`,
          tag: `chat-${matchId}`,
          url: `/conversation/${matchId}`,
          matchId,
        },
      },
    ]);
    expect(await pushesTo(cluster.db, a.id)).toEqual([]);
    // A later one replaces it under the same tag and topic.
    const third = await send(a, 2.5 * MIN);
    await scanUnread(app());
    const pushes = await pushesTo(cluster.db, b.id);
    expect(pushes.map((p) => [p.dedupeKey, p.payload.tag, p.topic])).toEqual([
      [`msg-${second.id}`, `chat-${matchId}`, `chat-${matchId}`],
      [`msg-${third.id}`, `chat-${matchId}`, `chat-${matchId}`],
    ]);
  });

  it("pushes nothing for a message read, a day old, or to someone with messages off", async () => {
    const read = await chatting();
    const m = await read.send(read.a, 3 * MIN);
    await markRead(cluster.db, read.matchId, read.b.id, m.seq);
    const old = await chatting();
    await old.send(old.a, 24 * 60 * MIN + MIN);
    const off = await chatting();
    await setSettings(cluster.db, off.b.id, { messages: false });
    await off.send(off.a, 3 * MIN);
    const hidden = await chatting();
    await setSettings(cluster.db, hidden.b.id, { hideNames: true });
    await hidden.send(hidden.a, 3 * MIN);
    await scanUnread(app());
    for (const p of [read, old, off]) expect(await pushesTo(cluster.db, p.b.id)).toEqual([]);
    expect((await pushesTo(cluster.db, hidden.b.id)).map((p) => p.payload.title)).toEqual([
      "You have a new message",
    ]);
  });

  it("waits while the recipient has a Kindred page open, and pushes once they have none", async () => {
    const { a, b, send } = await chatting();
    await send(a, 3 * MIN);
    const page = await TestSocket.open(cluster.urls[0], "/ws", { cookie: b.cookie });
    await expect.poll(async () => (await app().realtime.presence.onlineAmong([b.id])).has(b.id)).toBe(true);
    await scanUnread(app());
    expect(await pushesTo(cluster.db, b.id)).toEqual([]);
    await page.close();
    await expect.poll(async () => (await app().realtime.presence.onlineAmong([b.id])).has(b.id)).toBe(false);
    await scanUnread(app());
    expect(await pushesTo(cluster.db, b.id)).toHaveLength(1);
  });
});

describe("a new match", () => {
  it("tells the other person, by name unless hidden; the finder sees it in the answer", async () => {
    const { person, partner, generate } = peopleOf(app(), cluster.db);
    const age = newCohortAge();
    const finder = await person(age);
    const other = await partner(age);
    await subscribe(cluster.db, finder.id);
    await subscribe(cluster.db, other.id);
    const res = await generate(finder.cookie);
    expect(res.statusCode).toBe(200);
    const matchId = res.json().newMatches[0].id;
    expect(await pushesTo(cluster.db, other.id)).toEqual([
      expect.objectContaining({
        dedupeKey: `match-${matchId}`,
        payload: {
          kind: "news",
          title: `New match: ${finder.username}`,
          tag: `match-${matchId}`,
          url: "/matches",
          matchId,
        },
      }),
    ]);
    expect(await pushesTo(cluster.db, finder.id)).toEqual([]);
  });
});
