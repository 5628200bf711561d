import { MIN_MATCH_COMPATIBILITY } from "@kindred/shared/matching";
import { generateMatchesResponseSchema } from "@kindred/shared/matching-api";
import { clashingAnswers } from "@kindred/shared/test-fixtures";
import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";

const { app, db } = await createTestApp();
const { person, partner, pair, fill, generate } = peopleOf(app, db);
// Taken first so it is well under 65: that test reads missing preferences as 21 to 65.
const defaultsCohort = newCohortAge();

async function generated(cookie: string) {
  const res = await generate(cookie);
  expect(res.statusCode).toBe(200);
  const body = generateMatchesResponseSchema.parse(res.json());
  return {
    body,
    resultIds: body.matchResults.map((r) => r.id),
    matchedIds: body.newMatches.map((m) => m.otherUser.id),
  };
}

describe("POST /api/generate-matches: who may ask", () => {
  it("requires a session", async () => {
    expect((await generate()).statusCode).toBe(401);
  });

  it("refuses a caller who has not finished onboarding", async () => {
    const caller = await person(newCohortAge(), { onboardingCompleted: false });
    const res = await generate(caller.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Complete your profile before finding matches." });
  });

  it("refuses a caller who paused their profile, and matches them once resumed", async () => {
    const age = newCohortAge();
    const caller = await person(age, { matchingPaused: true });
    const other = await partner(age);
    const res = await generate(caller.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "Your profile is paused. Resume it in Settings to find new matches.",
    });
    const resumed = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie: caller.cookie },
      payload: { matchingPaused: false },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ matchingPaused: false });
    expect((await generated(caller.cookie)).matchedIds).toEqual([other.id]);
  });

  it("answers 200 with no new matches when the caller is at capacity", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    await partner(age);
    await fill(caller.id, 3);
    const { body } = await generated(caller.cookie);
    expect(body).toEqual({ matchResults: [], newMatches: [] });
  });
});

describe("hard filters: each excluded person is left out while a good candidate is matched", () => {
  // Every case has a control candidate who must be matched, so an empty result cannot pass by accident.
  const cases: [string, (age: number, callerId: number) => Promise<number>][] = [
    [
      "a gender the caller is not interested in",
      async (age) => (await partner(age, { gender: "Non-binary" })).id,
    ],
    [
      "a candidate not interested in the caller's gender",
      async (age) => (await partner(age, { interestedGenders: ["Men"] })).id,
    ],
    [
      "an age outside the caller's preference",
      async (age) => (await partner(age + 1, { agePreferenceMin: age, agePreferenceMax: age + 1 })).id,
    ],
    [
      "a caller's age outside the candidate's preference",
      async (age) => (await partner(age, { agePreferenceMin: age + 1, agePreferenceMax: age + 2 })).id,
    ],
    [
      "a candidate who has not finished onboarding",
      async (age) => (await partner(age, { onboardingCompleted: false })).id,
    ],
    [
      "a candidate who paused their profile",
      async (age) => (await partner(age, { matchingPaused: true })).id,
    ],
    [
      "a candidate already matched with the caller",
      async (age, callerId) => {
        const p = await partner(age);
        await pair(callerId, p.id);
        return p.id;
      },
    ],
    [
      "a candidate the caller blocked",
      async (age, callerId) => {
        const p = await partner(age);
        await pair(callerId, p.id, "blocked");
        return p.id;
      },
    ],
    [
      "a candidate the caller unmatched",
      async (age, callerId) => {
        const p = await partner(age);
        await pair(p.id, callerId, "unmatched");
        return p.id;
      },
    ],
    [
      "a candidate at their plan's capacity",
      async (age) => {
        const p = await partner(age, { profileType: "premium" });
        await fill(p.id, 5);
        return p.id;
      },
    ],
  ];

  it.each(cases)("leaves out %s", async (_label, makeExcluded) => {
    const age = newCohortAge();
    const caller = await person(age);
    const control = await partner(age);
    const excluded = await makeExcluded(age, caller.id);
    const { resultIds, matchedIds } = await generated(caller.cookie);
    expect(matchedIds).toEqual([control.id]);
    expect(resultIds).toEqual([control.id]);
    expect(resultIds).not.toContain(excluded);
  });

  it("reads missing age preferences as 21 to 65, on both sides", async () => {
    const age = defaultsCohort;
    const caller = await person(age, { agePreferenceMin: null, agePreferenceMax: null });
    const inRange = await partner(age + 1, { agePreferenceMin: age, agePreferenceMax: age });
    const tooOld = await partner(66, { agePreferenceMin: age, agePreferenceMax: age });
    const defaults = await partner(age, { agePreferenceMin: null, agePreferenceMax: null });
    const { resultIds } = await generated(caller.cookie);
    expect(resultIds.sort()).toEqual([inRange.id, defaults.id].sort());
    expect(resultIds).not.toContain(tooOld.id);
  });

  it("does not count ended matches against capacity", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    for (const status of ["unmatched", "blocked", "unmatched"] as const) {
      const old = await partner(age);
      await pair(caller.id, old.id, status);
    }
    const fresh = await partner(age);
    expect((await generated(caller.cookie)).matchedIds).toEqual([fresh.id]);
  });
});

describe("ranking and creation", () => {
  it("matches best first, up to the caller's free capacity, and lists the rest", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    await fill(caller.id, 1); // basic: 3 slots, 1 taken
    const best = await partner(age);
    const good = await partner(age, { values: "Loyalty and commitment" });
    const fair = await partner(age, { values: "Loyalty and commitment", loveLanguage: "Acts of service" });
    const { body, matchedIds, resultIds } = await generated(caller.cookie);
    expect(resultIds).toEqual([best.id, good.id, fair.id]);
    const scores = body.matchResults.map((r) => r.matchScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores[2] ?? 100);
    expect(matchedIds).toEqual([best.id, good.id]);
  });

  it("never creates a match below the minimum compatibility", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    const poor = await partner(age, clashingAnswers);
    const { body, matchedIds } = await generated(caller.cookie);
    expect(body.matchResults).toMatchObject([{ id: poor.id }]);
    expect(body.matchResults[0]?.matchScore).toBeLessThan(MIN_MATCH_COMPATIBILITY);
    expect(matchedIds).toEqual([]);
  });

  it("ranks an elite candidate above an equal premium one, and both above an equal basic one, showing the real score", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    await fill(caller.id, 2); // one free slot: only the first-ranked is matched
    // Same answers, so the same real score; the basic one has the lowest id and would win a tie.
    const basic = await partner(age);
    const premium = await partner(age, { profileType: "premium" });
    const elite = await partner(age, { profileType: "elite" });
    const { body, matchedIds, resultIds } = await generated(caller.cookie);
    expect(resultIds).toEqual([elite.id, premium.id, basic.id]);
    const scores = body.matchResults.map((r) => r.matchScore);
    expect(new Set(scores).size).toBe(1);
    expect(matchedIds).toEqual([elite.id]);
    expect(body.newMatches[0]?.compatibility).toBe(scores[0]);
  });

  it("ranks a premium candidate as 5 points higher and an elite one as 10: a better basic one still wins by more", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    const best = await partner(age);
    // One answer off costs this pair some points; the boost makes up 5 or 10 of them.
    const offBy = { values: "Loyalty and commitment" } as const;
    const premium = await partner(age, { ...offBy, profileType: "premium" });
    const elite = await partner(age, { ...offBy, profileType: "elite" });
    const { body } = await generated(caller.cookie);
    const score = (id: number) => body.matchResults.find((r) => r.id === id)?.matchScore ?? Number.NaN;
    const gap = score(best.id) - score(premium.id);
    expect(gap).toBeGreaterThan(0);
    expect(score(elite.id)).toBe(score(premium.id));
    const rank = (id: number) => body.matchResults.findIndex((r) => r.id === id);
    // Where each lands follows from the real gap and the boost alone.
    expect(rank(premium.id) < rank(best.id)).toBe(gap < 5);
    expect(rank(elite.id) < rank(best.id)).toBe(gap < 10);
    expect(rank(elite.id)).toBeLessThan(rank(premium.id));
  });

  it("applies the minimum compatibility to the real score, whatever the plan's boost", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    // Five answers of clashingAnswers: a real score a little under the minimum, over it with the boost.
    const { location, communicationStyle, freeTimeActivities, values, loveLanguage } = clashingAnswers;
    const near = { location, communicationStyle, freeTimeActivities, values, loveLanguage };
    const poor = await partner(age, { ...near, profileType: "elite" });
    const { body, matchedIds } = await generated(caller.cookie);
    expect(body.matchResults).toMatchObject([{ id: poor.id }]);
    expect(body.matchResults[0]?.matchScore).toBeLessThan(MIN_MATCH_COMPATIBILITY);
    expect(body.matchResults[0]?.matchScore).toBeGreaterThanOrEqual(MIN_MATCH_COMPATIBILITY - 10);
    expect(matchedIds).toEqual([]);
  });

  it("stores the pair once, ordered, active, with the score shown", async () => {
    const age = newCohortAge();
    const caller = await person(age, { profileType: "elite" });
    const other = await partner(age);
    const { body } = await generated(caller.cookie);
    const [created] = body.newMatches;
    expect(created).toMatchObject({
      status: "active",
      otherUser: { id: other.id, username: other.username },
    });
    expect(created?.compatibility).toBe(body.matchResults[0]?.matchScore);
    expect(Date.parse(created?.matchDate ?? "")).not.toBeNaN();
    const rows = await db
      .select()
      .from(matches)
      .where(or(eq(matches.userId1, caller.id), eq(matches.userId2, caller.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId1).toBeLessThan(rows[0]?.userId2 ?? 0);
    // Generating again finds nobody new: the pair is never matched twice.
    expect((await generated(caller.cookie)).body).toEqual({ matchResults: [], newMatches: [] });
  });
});

describe("privacy", () => {
  it("never sends another person's email, full name, birth date or photo", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    const other = await partner(age);
    await db
      .update(users)
      .set({ dateOfBirth: "1987-06-05", photoUrl: "secret-photo.jpg", name: "Zebedee Quintessential" })
      .where(eq(users.id, other.id));
    const res = await generate(caller.cookie);
    expect(res.json().newMatches).toHaveLength(1);
    for (const secret of [
      other.email,
      "Zebedee Quintessential",
      "1987-06-05",
      "secret-photo",
      caller.email,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/"(email|name|dateOfBirth|photoUrl|passwordHash|callPreferences)"/);
  });
});
