import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { JOIN_CALL_AFTER_MS, JOIN_CALL_BEFORE_MS } from "@kindred/shared/matches";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, onboardedUser, registerUser } from "../../test/app.ts";
import { matchUsers, topologies, useCluster } from "../../test/cluster.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";
import { TestSocket } from "../../test/sockets.ts";

const { app, db } = await createTestApp();

type User = { cookie: string };
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, user: User, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const matchOf = async (matchId: number, user: User) =>
  (await send("GET", `/api/matches/${matchId}`, user)).json();
const moveClock = (at: Date | null, user: User) =>
  send("PUT", "/api/test/schedule-clock", user, { at: at?.toISOString() ?? null });

/** The London calendar date `days` from now, as the dialog sends it. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const slot = { date: daysAhead(2), time: "12:00" };
const slotAt = londonWallTimeToInstant(slot.date, slot.time) as Date;

async function pair() {
  const a = await onboardedUser(app);
  const b = await onboardedUser(app, { gender: "Man", interestedGenders: ["Women"] });
  return { a, b, matchId: await matchUsers(db, a.id, b.id) };
}

afterEach(async () => {
  // The clock is the app's: put it back on the real time after a test that moved it.
  await moveClock(null, await registerUser(app));
});

describe("proposing, accepting, cancelling", () => {
  it("is a proposal by one person that the other sees and may accept", async () => {
    const { a, b, matchId } = await pair();
    const proposed = await send("POST", `/api/matches/${matchId}/schedule`, a, slot);
    expect(proposed.statusCode).toBe(200);
    const at = slotAt.toISOString();
    expect(proposed.json()).toMatchObject({
      callScheduled: true,
      scheduledCallTime: at,
      schedule: { at, proposedBy: "me", accepted: false, canJoin: false },
    });
    expect((await matchOf(matchId, b)).schedule).toMatchObject({ at, proposedBy: "them", accepted: false });

    const own = await send("POST", `/api/matches/${matchId}/schedule/accept`, a, { at });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(`You proposed this time, so it's ${b.username}'s to accept.`);

    const accepted = await send("POST", `/api/matches/${matchId}/schedule/accept`, b, { at });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().schedule).toMatchObject({ at, proposedBy: "them", accepted: true });
    expect((await matchOf(matchId, a)).schedule).toMatchObject({ at, proposedBy: "me", accepted: true });
    // Accepting again changes nothing.
    expect((await send("POST", `/api/matches/${matchId}/schedule/accept`, b, { at })).statusCode).toBe(200);
  });

  it("lets the other person propose another time, which replaces the first and waits for acceptance", async () => {
    const { a, b, matchId } = await pair();
    await send("POST", `/api/matches/${matchId}/schedule`, a, slot);
    await send("POST", `/api/matches/${matchId}/schedule/accept`, b, { at: slotAt.toISOString() });
    const other = { date: daysAhead(3), time: "18:00" };
    const otherAt = londonWallTimeToInstant(other.date, other.time)?.toISOString();
    const replaced = await send("POST", `/api/matches/${matchId}/schedule`, b, other);
    expect(replaced.json().schedule).toMatchObject({ at: otherAt, proposedBy: "me", accepted: false });

    // A's screen still showed the first slot: accepting it is refused, with what happened.
    const stale = await send("POST", `/api/matches/${matchId}/schedule/accept`, a, {
      at: slotAt.toISOString(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`${b.username} has proposed another time: have a look at it first.`);
    const accepted = await send("POST", `/api/matches/${matchId}/schedule/accept`, a, { at: otherAt });
    expect(accepted.json().schedule).toMatchObject({ at: otherAt, proposedBy: "them", accepted: true });
  });

  it("is cancelled by either person, for both", async () => {
    for (const canceller of ["a", "b"] as const) {
      const people = await pair();
      const { matchId } = people;
      await send("POST", `/api/matches/${matchId}/schedule`, people.a, slot);
      const res = await send("DELETE", `/api/matches/${matchId}/schedule`, people[canceller]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ callScheduled: false, scheduledCallTime: null, schedule: null });
      for (const who of [people.a, people.b]) expect((await matchOf(matchId, who)).schedule).toBeNull();
      const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
      expect(row).toMatchObject({ callScheduled: false, scheduledBy: null, scheduleAccepted: false });

      const nothing = await send("POST", `/api/matches/${matchId}/schedule/accept`, people.b, {
        at: slotAt.toISOString(),
      });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe(
        `There is no proposed time to accept: ${people.a.username} may have cancelled it.`,
      );
      // Cancelling what is not there is fine: the screen may be behind.
      expect((await send("DELETE", `/api/matches/${matchId}/schedule`, people.a)).statusCode).toBe(200);
    }
  });

  it("answers 404 to anyone else, for a missing match and an ended one", async () => {
    const { a, matchId } = await pair();
    await send("POST", `/api/matches/${matchId}/schedule`, a, slot);
    const stranger = await onboardedUser(app);
    const at = slotAt.toISOString();
    const tries = [
      ["POST", `/api/matches/${matchId}/schedule`, slot],
      ["POST", `/api/matches/${matchId}/schedule/accept`, { at }],
      ["DELETE", `/api/matches/${matchId}/schedule`, undefined],
      ["POST", "/api/matches/999999/schedule/accept", { at }],
      ["DELETE", "/api/matches/999999/schedule", undefined],
    ] as const;
    for (const [method, url, body] of tries) {
      const res = await send(method, url, stranger, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe("Match not found");
    }
    expect((await matchOf(matchId, a)).schedule).toMatchObject({ at, proposedBy: "me" });

    await db.update(matches).set({ status: "unmatched" }).where(eq(matches.id, matchId));
    expect((await send("DELETE", `/api/matches/${matchId}/schedule`, a)).statusCode).toBe(404);
  });

  it("refuses an accept without a readable time", async () => {
    const { a, b, matchId } = await pair();
    await send("POST", `/api/matches/${matchId}/schedule`, a, slot);
    for (const body of [{}, { at: "soon" }]) {
      const res = await send("POST", `/api/matches/${matchId}/schedule/accept`, b, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please choose the time to accept");
    }
  });
});

describe("the slot's window, by the server's clock", () => {
  const minutes = (n: number) => new Date(slotAt.getTime() + n * 60_000);

  it("offers 'Join call' from 10 minutes before the slot until 30 minutes after, then clears it", async () => {
    const { a, b, matchId } = await pair();
    await send("POST", `/api/matches/${matchId}/schedule`, a, slot);

    await moveClock(minutes(-11), a);
    const before = (await matchOf(matchId, a)).schedule;
    expect(before.canJoin).toBe(false);
    // Ask again when the window opens: a minute from now, less the moment this took.
    expect(before.changesInMs).toBeGreaterThan(55_000);
    expect(before.changesInMs).toBeLessThanOrEqual(60_000);

    for (const [at, canJoin] of [
      [minutes(-10), true],
      [minutes(0), true],
      [minutes(29), true],
    ] as const) {
      await moveClock(at, a);
      for (const who of [a, b]) expect((await matchOf(matchId, who)).schedule.canJoin).toBe(canJoin);
    }
    expect((await matchOf(matchId, b)).schedule.changesInMs).toBeLessThanOrEqual(JOIN_CALL_AFTER_MS);

    // 30 minutes past with no call: the slot clears itself, in the database too, for both.
    await moveClock(minutes(30), a);
    const list = (await send("GET", "/api/matches", b)).json();
    expect(list[0]).toMatchObject({
      id: matchId,
      callScheduled: false,
      scheduledCallTime: null,
      schedule: null,
    });
    const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
    expect(row).toMatchObject({ callScheduled: false, scheduledCallTime: null, scheduledBy: null });
    expect((await matchOf(matchId, a)).schedule).toBeNull();
    expect((await send("GET", `/api/matches/${matchId}/invite.ics`, a)).statusCode).toBe(404);
  });

  it("refuses a slot that has passed by the server's clock", async () => {
    const { a, matchId } = await pair();
    await moveClock(minutes(60), a);
    const res = await send("POST", `/api/matches/${matchId}/schedule`, a, slot);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Please choose a time in the future", field: "time" });
    expect(JOIN_CALL_BEFORE_MS).toBe(10 * 60_000);
  });

  it("can be moved only by a test app", async () => {
    const dev = await createTestApp({ env: { NODE_ENV: "development" } });
    const user = await registerUser(dev.app);
    const res = await dev.app.inject({
      method: "PUT",
      url: "/api/test/schedule-clock",
      payload: { at: new Date().toISOString() },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(topologies())("each change reaches both people live, %s", (topology) => {
  const cluster = useCluster(topology);

  it("pushes 'match:updated' to both on propose, accept and cancel", async () => {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const aSocket = await TestSocket.open(cluster.urls[0], "/ws", { cookie: a.cookie });
    const bSocket = await TestSocket.open(cluster.urls[1], "/ws", { cookie: b.cookie });
    const act = (i: 0 | 1, user: User, method: "POST" | "DELETE", url: string, payload?: object) =>
      cluster.apps[i].inject({ method, url, payload, headers: { cookie: user.cookie } });
    const heard = async () => {
      for (const socket of [aSocket, bSocket]) {
        expect(await socket.next("match:updated")).toEqual({ type: "match:updated", matchId });
      }
    };

    expect((await act(0, a, "POST", `/api/matches/${matchId}/schedule`, slot)).statusCode).toBe(200);
    await heard();
    const at = slotAt.toISOString();
    expect((await act(1, b, "POST", `/api/matches/${matchId}/schedule/accept`, { at })).statusCode).toBe(200);
    await heard();
    expect((await act(1, b, "DELETE", `/api/matches/${matchId}/schedule`)).statusCode).toBe(200);
    await heard();
    // A refused change tells no one.
    expect((await act(0, a, "POST", `/api/matches/${matchId}/schedule/accept`, { at })).statusCode).toBe(409);
    await aSocket.close();
    await bSocket.close();
    expect(aSocket.all("match:updated")).toHaveLength(3);
    expect(bSocket.all("match:updated")).toHaveLength(3);
  });
});

describe.each(topologies())("a match that ends or begins reaches the other person live, %s", (topology) => {
  const cluster = useCluster(topology);

  it("an unmatch and a block: the other person's pages hear it and refetch (the card goes)", async () => {
    const a = await registerUser(cluster.apps[0]);
    const b = await registerUser(cluster.apps[1]);
    const c = await registerUser(cluster.apps[1]);
    await cluster.db.update(users).set({ profileType: "premium" }).where(eq(users.id, a.id));
    const unmatched = await matchUsers(cluster.db, a.id, b.id);
    const blocked = await matchUsers(cluster.db, a.id, c.id);
    const bSocket = await TestSocket.open(cluster.urls[1], "/ws", { cookie: b.cookie });
    const cSocket = await TestSocket.open(cluster.urls[1], "/ws", { cookie: c.cookie });
    const post = (url: string, payload?: object) =>
      cluster.apps[0].inject({ method: "POST", url, payload, headers: { cookie: a.cookie } });
    expect((await post(`/api/matches/${unmatched}/unmatch`)).statusCode).toBe(200);
    expect(await bSocket.next("match:updated")).toEqual({ type: "match:updated", matchId: unmatched });
    expect((await post(`/api/matches/${blocked}/block`, { reason: "Spam or scam" })).statusCode).toBe(200);
    expect(await cSocket.next("match:updated")).toEqual({ type: "match:updated", matchId: blocked });
    await bSocket.close();
    await cSocket.close();
  });

  it("a new match: the person who did not ask hears who found them", async () => {
    const { person, partner } = peopleOf(cluster.apps[0], cluster.db);
    const age = newCohortAge();
    const finder = await person(age);
    const found = await partner(age);
    const socket = await TestSocket.open(cluster.urls[1], "/ws", { cookie: found.cookie });
    const res = await cluster.apps[0].inject({
      method: "POST",
      url: "/api/generate-matches",
      headers: { cookie: finder.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [match] = res.json().newMatches;
    expect(await socket.next("match:updated")).toEqual({
      type: "match:updated",
      matchId: match.id,
      newMatchWith: finder.username,
    });
    await socket.close();
  });
});
