import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { reports } from "../../db/schema/reports.ts";
import { completeProfile, createTestApp, onboardedUser } from "../../test/app.ts";
import { blockAndReport, endMatch } from "./mutations.ts";
import { proposeSlot } from "./schedule.ts";

const { app, db } = await createTestApp();
const [appA, dbA] = [app, db];
// Invites link to PUBLIC_ORIGIN, whatever Host the request carried.
const behindProxy = await createTestApp({ env: { PUBLIC_ORIGIN: "https://kindred.example" } });

type User = Awaited<ReturnType<typeof onboardedUser>>;
const get = (url: string, user: User) => app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
const post = (url: string, user: User, payload?: object) =>
  app.inject({ method: "POST", url, payload, headers: { cookie: user.cookie } });

async function matchedPair(opts: { revealed?: boolean } = {}, { app, db } = { app: appA, db: dbA }) {
  const a = await onboardedUser(app);
  const b = await onboardedUser(app, { gender: "Man", interestedGenders: ["Women"] });
  const [userId1, userId2] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const [row] = await db
    .insert(matches)
    .values({ userId1, userId2, compatibility: 77, arePhotosRevealed: opts.revealed ?? false })
    .returning();
  await db.execute(`update users set photo_url = 'secret-${b.id}.webp' where id = ${b.id}`);
  if (!row) throw new Error("no match row");
  return { a, b, matchId: row.id };
}

/** Fails if any private field of `who` shows up anywhere in the body. */
function expectNoPrivateFields(body: string, who: User) {
  expect(body).not.toContain(who.email);
  expect(body).not.toContain(who.name);
  expect(body).not.toContain("1995-06-15");
  expect(body).not.toMatch(/"email"|"name"|"dateOfBirth"|password|secret-/);
}

describe("reading matches", () => {
  it("lists the caller's live matches with the other person's public fields only", async () => {
    const { a, b, matchId } = await matchedPair();
    const res = await get("/api/matches", a);
    expect(res.statusCode).toBe(200);
    const [match] = res.json();
    expect(match).toMatchObject({
      id: matchId,
      compatibility: 77,
      otherUser: { id: b.id, username: b.username },
    });
    expect(match.otherUser).toMatchObject({
      bio: completeProfile.bio,
      age: ageFromDateOfBirth(completeProfile.dateOfBirth, new Date()),
      photoUrl: null,
    });
    expect(match.otherUser.callPreferences).toBeTruthy();
    expectNoPrivateFields(res.body, b);
  });

  it("says what two people answered alike (values, love language), and nothing they differ on", async () => {
    const { a, b } = await matchedPair();
    const [alike] = (await get("/api/matches", a)).json();
    expect(alike.commonGround).toEqual([completeProfile.values, completeProfile.loveLanguage]);
    await db.execute(`update users set love_language = 'Physical touch' where id = ${b.id}`);
    const [differ] = (await get("/api/matches", a)).json();
    expect(differ.commonGround).toEqual([completeProfile.values]);
  });

  it("shows the photo route only once photos are revealed", async () => {
    const { a, b, matchId } = await matchedPair({ revealed: true });
    const res = await get(`/api/matches/${matchId}`, a);
    expect(res.json().otherUser.photoUrl).toBe(`/api/users/${b.id}/photo`);
    const profile = await get(`/api/users/${b.id}`, a);
    expect(profile.json().photoUrl).toBe(`/api/users/${b.id}/photo`);
  });

  it("answers 404 for someone else's match, a missing one and a malformed id", async () => {
    const { matchId } = await matchedPair();
    const stranger = await onboardedUser(app);
    for (const url of [`/api/matches/${matchId}`, "/api/matches/999999", "/api/matches/abc"]) {
      expect((await get(url, stranger)).statusCode).toBe(404);
    }
    const bodies = {
      unmatch: {},
      schedule: { date: `${new Date().getFullYear() + 1}-01-01`, time: "10:00" },
      block: { reason: "Spam or scam" },
    };
    for (const [action, body] of Object.entries(bodies)) {
      expect((await post(`/api/matches/${matchId}/${action}`, stranger, body)).statusCode).toBe(404);
    }
  });

  it("answers 404, never 500, for an id PostgreSQL's integer cannot hold or one not in plain decimal", async () => {
    const { a, b, matchId } = await matchedPair();
    await post("/api/subscription", a, { profileType: "premium" });
    await post(`/api/matches/${matchId}/schedule`, a, {
      date: `${new Date().getFullYear() + 1}-01-01`,
      time: "10:00",
    });
    const badIds = (id: number) => ["2147483648", "99999999999", `0${id}`, `0x${id.toString(16)}`, ` ${id}`];
    for (const id of badIds(matchId)) {
      for (const url of [`/api/matches/${id}`, `/api/matches/${id}/invite.ics`]) {
        expect((await get(url, a)).statusCode, url).toBe(404);
      }
      const bodies = {
        unmatch: {},
        schedule: { date: `${new Date().getFullYear() + 1}-01-01`, time: "10:00" },
        block: { reason: "Spam or scam" },
      };
      for (const [action, body] of Object.entries(bodies)) {
        const res = await post(`/api/matches/${id}/${action}`, a, body);
        expect(res.statusCode, `${action} ${id}`).toBe(404);
        expect(res.json()).toEqual({ message: "Not found" });
      }
    }
    for (const id of badIds(b.id)) {
      expect((await get(`/api/users/${id}`, a)).statusCode, id).toBe(404);
    }
    // Nothing above touched the match.
    expect((await get(`/api/matches/${matchId}`, a)).json().status).toBe("active");
  });

  it("shows another user's profile only to someone who shares a match", async () => {
    const { a, b } = await matchedPair();
    const stranger = await onboardedUser(app);
    const seen = await get(`/api/users/${b.id}`, a);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().photoUrl).toBeNull();
    expectNoPrivateFields(seen.body, b);
    expect(seen.json()).not.toHaveProperty("callPreferences");
    expect((await get(`/api/users/${b.id}`, stranger)).statusCode).toBe(404);
  });
});

describe("ending matches", () => {
  it("refuses unmatching on the free plan with requiresUpgrade", async () => {
    const { a, matchId } = await matchedPair();
    const res = await post(`/api/matches/${matchId}/unmatch`, a);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message:
        "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.",
      requiresUpgrade: true,
    });
  });

  it("unmatches on premium, recording who and when, and the match leaves both lists", async () => {
    const { a, b, matchId } = await matchedPair();
    await post("/api/subscription", a, { profileType: "premium" });
    const res = await post(`/api/matches/${matchId}/unmatch`, a);
    expect(res.json()).toEqual({
      ok: true,
      status: "unmatched",
      requiresUpgrade: false,
      message: "Successfully unmatched",
    });
    const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
    expect(row).toMatchObject({ status: "unmatched", unmatchedBy: a.id });
    expect(row?.unmatchedDate).toBeInstanceOf(Date);
    expect((await get("/api/matches", b)).json()).toEqual([]);
    expect((await get(`/api/matches/${matchId}`, b)).statusCode).toBe(404);
  });

  it("blocks and stores the report on every plan", async () => {
    const { a, b, matchId } = await matchedPair();
    const bad = await post(`/api/matches/${matchId}/block`, b, { reason: "because" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please choose a reason");
    const res = await post(`/api/matches/${matchId}/block`, b, {
      reason: "Spam or scam",
      details: "Sent links",
    });
    expect(res.statusCode).toBe(200);
    const [report] = await db.select().from(reports).where(eq(reports.matchId, matchId));
    expect(report).toMatchObject({
      reporterId: b.id,
      reportedId: a.id,
      reason: "Spam or scam",
      details: "Sent links",
      priority: false,
    });
    expect((await get(`/api/users/${b.id}`, a)).statusCode).toBe(404);
  });

  it("marks a report filed by an elite member priority ('Priority support'), and a premium one's not", async () => {
    for (const [plan, priority] of [
      ["elite", true],
      ["premium", false],
    ] as const) {
      const { b, matchId } = await matchedPair();
      await post("/api/subscription", b, { profileType: plan });
      expect((await post(`/api/matches/${matchId}/block`, b, { reason: "Spam or scam" })).statusCode).toBe(
        200,
      );
      const [report] = await db.select().from(reports).where(eq(reports.matchId, matchId));
      expect(report?.priority, plan).toBe(priority);
    }
  });
});

describe("a match that ended after the route read it", () => {
  // Each action reads the match, then writes: the other person may unmatch or block in between.
  async function endedAfterRead() {
    const { a, b, matchId } = await matchedPair();
    const [stale] = await db.select().from(matches).where(eq(matches.id, matchId));
    if (!stale) throw new Error("no match row");
    await post("/api/subscription", a, { profileType: "premium" });
    expect((await post(`/api/matches/${matchId}/unmatch`, a)).statusCode).toBe(200);
    return { a, b, stale };
  }

  it("is not blocked over its unmatch, and no report is filed against it", async () => {
    const { a, b, stale } = await endedAfterRead();
    const filed = await blockAndReport(
      db,
      stale,
      { id: b.id, profileType: "basic" },
      { reason: "Spam or scam" },
    );
    const [row] = await db.select().from(matches).where(eq(matches.id, stale.id));
    expect(row).toMatchObject({ status: "unmatched", unmatchedBy: a.id });
    expect(await db.select().from(reports).where(eq(reports.matchId, stale.id))).toEqual([]);
    expect(filed).toBeNull();
  });

  it("is not ended a second time, nor scheduled", async () => {
    const { a, b, stale } = await endedAfterRead();
    const ended = await endMatch(db, stale.id, "blocked", b.id);
    const scheduled = await proposeSlot(db, stale.id, stale.userId1, new Date(Date.now() + 86_400_000));
    const [row] = await db.select().from(matches).where(eq(matches.id, stale.id));
    expect(row).toMatchObject({ status: "unmatched", unmatchedBy: a.id, callScheduled: false });
    expect(ended).toBeNull();
    expect(scheduled).toBeNull();
  });
});

describe("scheduling", () => {
  const nextYear = new Date().getFullYear() + 1;
  /** The London calendar date `days` from now, as the dialog sends it. */
  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("schedules an hourly slot in the future, read in London time, for both people", async () => {
    const { a, b, matchId } = await matchedPair();
    const date = daysAhead(30);
    const res = await post(`/api/matches/${matchId}/schedule`, a, { date, time: "9:00" });
    expect(res.statusCode).toBe(200);
    const at = londonWallTimeToInstant(date, "09:00")?.toISOString();
    expect(res.json()).toMatchObject({ callScheduled: true, scheduledCallTime: at });
    expect((await get(`/api/matches/${matchId}`, b)).json().callScheduled).toBe(true);
    const ics = await get(`/api/matches/${matchId}/invite.ics`, b);
    expect(ics.headers["content-type"]).toMatch(/text\/calendar/);
    expect(ics.body).toContain(`DTSTART:${at?.replace(/[-:]/g, "").replace(".000", "")}`);
    expect(ics.body).toContain(`SUMMARY:Kindred call with ${a.username}`);
    expect(ics.body).toContain(`http://localhost:80/call/${matchId}`);
  });

  it("links the invite to PUBLIC_ORIGIN when it is set, not to the request's Host", async () => {
    const { a, matchId } = await matchedPair({}, behindProxy);
    const send = (method: "GET" | "POST", url: string, payload?: object) =>
      behindProxy.app.inject({ method, url, payload, headers: { cookie: a.cookie, host: "evil.example" } });
    const origin = { origin: "https://kindred.example" };
    const scheduled = await behindProxy.app.inject({
      method: "POST",
      url: `/api/matches/${matchId}/schedule`,
      payload: { date: daysAhead(10), time: "12:00" },
      headers: { cookie: a.cookie, ...origin },
    });
    expect(scheduled.statusCode).toBe(200);
    const ics = await send("GET", `/api/matches/${matchId}/invite.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`URL:https://kindred.example/call/${matchId}`);
    expect(ics.body).not.toContain("evil.example");
  });

  it.each([91, 400, 2_000_000])("refuses a date %i days ahead, beyond the 90-day horizon", async (days) => {
    const { a, matchId } = await matchedPair();
    const date = days > 10_000 ? "9999-12-31" : daysAhead(days);
    const res = await post(`/api/matches/${matchId}/schedule`, a, { date, time: "12:00" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Please choose a date within the next 90 days", field: "date" });
  });

  it.each([
    [{ date: "2020-01-01", time: "10:00" }, "Please choose a time in the future"],
    [{ date: `${nextYear}-01-01`, time: "08:00" }, "Please choose an hourly time between 9:00 and 20:00"],
    [{ date: `${nextYear}-01-01`, time: "21:00" }, "Please choose an hourly time between 9:00 and 20:00"],
    [{ date: `${nextYear}-01-01`, time: "10:30" }, "Please choose an hourly time between 9:00 and 20:00"],
    [{ date: `${nextYear}-02-30`, time: "10:00" }, "Please choose a date"],
    [{ time: "10:00" }, "Please choose a date"],
    [{ date: `${nextYear}-01-01` }, "Please choose a time"],
  ])("refuses %o", async (payload, message) => {
    const { a, matchId } = await matchedPair();
    const res = await post(`/api/matches/${matchId}/schedule`, a, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
