// Test helpers: onboarded people written straight into the users table, and match rows between them.
// Each test works in its own "cohort": an age nobody else's preferences accept, so the tests of one
// file share a database without ever seeing each other's people as candidates.
import type { MatchStatus } from "@kindred/shared/matches";
import { completeProfile } from "@kindred/shared/test-fixtures";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { matches } from "../db/schema/matches.ts";
import { users } from "../db/schema/users.ts";
import { registerUser, type TestApp } from "./app.ts";

type Profile = Partial<typeof users.$inferInsert>;

let nextCohort = 22;
/** A fresh age, three years clear of every other cohort's. */
export function newCohortAge(): number {
  nextCohort += 3;
  if (nextCohort > 97) throw new Error("out of cohort ages");
  return nextCohort;
}

export interface Person {
  id: number;
  cookie: string;
  username: string;
  email: string;
  name: string;
}

export function peopleOf(app: TestApp["app"], db: Db) {
  /** A registered person with completeProfile's answers (a woman seeking men), of `age`, accepting exactly `age`. */
  async function person(age: number, profile: Profile = {}): Promise<Person> {
    const user = await registerUser(app);
    await db
      .update(users)
      .set({
        ...completeProfile,
        onboardingCompleted: true,
        // The cohort's age is written as is; the date of birth is not read by matching.
        age,
        agePreferenceMin: age,
        agePreferenceMax: age,
        ...profile,
      })
      .where(eq(users.id, user.id));
    return user;
  }

  /** A man seeking women, of the same cohort: a good candidate for person(). */
  const partner = (age: number, profile: Profile = {}) =>
    person(age, { gender: "Man", interestedGenders: ["Women"], ...profile });

  async function pair(a: number, b: number, status: MatchStatus = "active") {
    await db
      .insert(matches)
      .values({ userId1: Math.min(a, b), userId2: Math.max(a, b), compatibility: 80, status });
  }

  /** Fills `id` up with active matches to people who are never anyone's candidate (not onboarded). */
  async function fill(id: number, count: number) {
    for (let i = 0; i < count; i++) await pair(id, (await registerUser(app)).id);
  }

  const generate = (cookie?: string) =>
    app.inject({ method: "POST", url: "/api/generate-matches", headers: cookie ? { cookie } : {} });

  return { person, partner, pair, fill, generate };
}
