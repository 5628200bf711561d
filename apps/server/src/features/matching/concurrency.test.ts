// Simultaneous generations must never push anyone past their plan's capacity.
// PostgreSQL only: there these requests really run at once (a pool of 10 connections), so only the
// row locks of createMatchesLocked keep the counts right. PGlite has one connection and runs the
// transactions one after another, so these tests would pass there with the locks removed. CI runs
// the suites a second time with DATABASE_URL set; that run is the one that checks this.
import { planOf } from "@kindred/shared/plans";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { createTestApp } from "../../test/app.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";

const { app, db } = await createTestApp();
const { person, partner, fill, generate } = peopleOf(app, db);

async function expectNobodyOverCapacity() {
  const rows = await db
    .select({ id: users.id, profileType: users.profileType, active: sql<number>`count(${matches.id})::int` })
    .from(users)
    .innerJoin(matches, and(or(eq(matches.userId1, users.id), eq(matches.userId2, users.id)), matchIsLive))
    .groupBy(users.id);
  for (const r of rows)
    expect(r.active, `user ${r.id}`).toBeLessThanOrEqual(planOf(r.profileType).maxMatches);
}

const activeOf = (id: number) =>
  db
    .select({ id: matches.id })
    .from(matches)
    .where(and(or(eq(matches.userId1, id), eq(matches.userId2, id)), matchIsLive));

describe.skipIf(!process.env.DATABASE_URL)("concurrent generation (PostgreSQL only)", () => {
  it("gives a candidate's last free slot to exactly one of five simultaneous callers (PostgreSQL only)", async () => {
    const age = newCohortAge();
    const wanted = await partner(age);
    await fill(wanted.id, 2); // basic: one slot left
    const callers = await Promise.all(Array.from({ length: 5 }, () => person(age)));
    const responses = await Promise.all(callers.map((c) => generate(c.cookie)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const winners = responses.filter((r) => r.json().newMatches.length > 0);
    expect(winners).toHaveLength(1);
    expect(await activeOf(wanted.id)).toHaveLength(3);
    await expectNobodyOverCapacity();
  });

  it("fills one caller exactly to capacity when it asks five times at once (PostgreSQL only)", async () => {
    const age = newCohortAge();
    const caller = await person(age);
    const candidates = await Promise.all(Array.from({ length: 6 }, () => partner(age)));
    const responses = await Promise.all(Array.from({ length: 5 }, () => generate(caller.cookie)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const created = responses.flatMap((r) => r.json().newMatches as { otherUser: { id: number } }[]);
    expect(created).toHaveLength(3);
    expect(new Set(created.map((m) => m.otherUser.id)).size).toBe(3);
    const ids = candidates.map((c) => c.id);
    const rows = await db
      .select()
      .from(matches)
      .where(or(inArray(matches.userId1, ids), inArray(matches.userId2, ids)));
    expect(rows).toHaveLength(3);
    await expectNobodyOverCapacity();
  });

  it("keeps everyone within capacity when callers and candidates all generate at once (PostgreSQL only)", async () => {
    const age = newCohortAge();
    const women = await Promise.all(Array.from({ length: 6 }, () => person(age)));
    const men = await Promise.all(
      Array.from({ length: 4 }, (_, i) => partner(age, { profileType: i === 0 ? "premium" : "basic" })),
    );
    const everyone = [...women, ...men, ...women];
    const responses = await Promise.all(everyone.map((p) => generate(p.cookie)));
    expect(responses.map((r) => r.statusCode)).toEqual(everyone.map(() => 200));
    // 4 men: 3 basic slots each and 5 premium = 14; 6 women hold 18: the men's side decides.
    const rows = await db
      .select()
      .from(matches)
      .where(
        inArray(
          matches.userId1,
          [...women, ...men].map((p) => p.id),
        ),
      );
    expect(rows.length).toBeLessThanOrEqual(14);
    expect(rows.length).toBeGreaterThan(0);
    await expectNobodyOverCapacity();
  });
});
