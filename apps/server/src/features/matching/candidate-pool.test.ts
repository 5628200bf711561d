// The two approximations of candidate-pool.ts, checked on small data by shrinking their limits.
import { CITY_NAMES } from "@kindred/shared/cities";
import { scorePair } from "@kindred/shared/matching";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type UserRow, users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";
import { citiesByDistance, findCandidatePool, ringAfter } from "./candidate-pool.ts";
import { findCandidates } from "./data.ts";
import { callerFilter } from "./generate.ts";
import { preRankScore } from "./pre-rank.ts";

const { app, db } = await createTestApp();
const { person, partner } = peopleOf(app, db);

async function row(id: number): Promise<UserRow> {
  const [found] = await db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error(`no user ${id}`);
  return found;
}

async function setUp(age: number) {
  const caller = await row((await person(age)).id);
  const filter = callerFilter(caller, []);
  if (!filter) throw new Error("caller cannot match");
  return { caller, filter };
}

describe("nearest cities first", () => {
  it("orders cities by distance from the caller's, and sizes the ring from each city's share", () => {
    const nearest = citiesByDistance("Brighton") ?? [];
    expect(nearest.slice(0, 2)).toEqual(["Brighton", "Portsmouth"]);
    expect(citiesByDistance("Atlantis")).toBeNull();
    const shares = new Map(nearest.map((c) => [c, 1 / 40]));
    // 50 found in a city of 1/40 of the people: each further city should add about 50.
    expect(ringAfter(nearest, shares, 50, 200)).toHaveLength(6); // 200 × 1.3 margin = 260 → 6 cities
    expect(ringAfter(nearest, shares, 0, 200)).toHaveLength(6); // nothing to go on: a fixed ring
  });

  it("stops widening once enough candidates were considered, and goes everywhere when they are few", async () => {
    const age = newCohortAge();
    const { caller, filter } = await setUp(age);
    const near = await partner(age);
    const nearby = await partner(age, { location: "Reading" });
    const far = await partner(age, { location: "Aberdeen" });
    const big = { users: 1_000_000, cityShares: new Map(CITY_NAMES.map((c) => [c, 1 / 40])) };
    const ids = async (target: number, stats = big) =>
      (await findCandidatePool(db, caller, filter, { target, stats })).map((c) => c.id).sort();
    expect(await ids(1)).toEqual([near.id]);
    expect(await ids(2)).toEqual([near.id, nearby.id].sort());
    expect(await ids(100)).toEqual([near.id, nearby.id, far.id].sort());
    expect(await ids(1, { users: 10, cityShares: new Map() })).toEqual([near.id, nearby.id, far.id].sort());
  });
});

describe("pre-ranking in SQL", () => {
  it("keeps the rows the exact score ranks best, when the parts it reads differ", async () => {
    const age = newCohortAge();
    const { caller, filter } = await setUp(age);
    const variants = [
      {},
      { values: "Loyalty and commitment" },
      { conflictResolution: "Take time to process before discussing calmly", location: "Reading" },
      {
        communicationStyle: "Expressive and open",
        relationshipPace: "Taking things slowly and building friendship first",
      },
      { loveLanguage: "Thoughtful gifts", location: "Leeds", age: age + 1, agePreferenceMin: age },
      { values: "Independence and freedom", location: "Glasgow" },
    ];
    const made = await Promise.all(
      variants.map((v) => partner(v.age ?? age, { agePreferenceMax: age + 1, ...v })),
    );
    const exact = await Promise.all(
      made.map(async (m) => ({ id: m.id, score: scorePair(caller, await row(m.id)) })),
    );
    const byScore = exact.sort((a, b) => b.score.compatibility - a.score.compatibility).map((e) => e.id);
    expect(new Set(exact.map((e) => e.score.compatibility)).size).toBe(variants.length);

    const everywhere = { notIn: [] };
    const preRanked = await findCandidates(db, { ...filter, ageMax: age + 1 }, everywhere, {
      score: preRankScore(caller, ["London", "Reading", "Leeds", "Glasgow"]),
      limit: 3,
    });
    expect(preRanked.total).toBe(variants.length);
    expect(preRanked.rows.map((r) => r.id)).toEqual(byScore.slice(0, 3));
  });
});
