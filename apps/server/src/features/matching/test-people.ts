import type { MatchStatus } from "@kindred/shared/matches";
// Test helpers: onboarded people written straight into the users table, and match rows between them.
// Each test works in its own "cohort": an age nobody else's preferences accept, so the tests of one
// file share a database without ever seeing each other's people as candidates.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { registerUser, type TestApp } from "../../test/app.ts";

type Profile = Partial<typeof users.$inferInsert>;

export const compatibleAnswers = {
  location: "London",
  communicationStyle: "Direct and straightforward",
  freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"],
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Quality time together",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Misaligned future goals"],
  callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
} satisfies Profile;

/** Answers that share nothing with compatibleAnswers: scores far below the minimum. */
export const clashingAnswers = {
  location: "Aberdeen",
  communicationStyle: "Actions more than words",
  freeTimeActivities: ["Movies, TV shows, and entertainment"],
  values: "Independence and freedom",
  conflictResolution: "Prefer to move on quickly without dwelling on issues",
  loveLanguage: "Thoughtful gifts",
  relationshipPace: "Diving deep quickly to establish emotional connection",
  dealbreakers: ["Different social needs"],
  callPreferences: { weekdays: [{ start: "07:00", end: "08:00" }], weekends: [], notAvailable: [] },
} satisfies Profile;

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

/**
 * test/database.ts drops a PostgreSQL test database WITH (FORCE) right after pool.end(), which
 * resolves before the pool's sockets have closed; with several pooled connections (the concurrency
 * tests) a backend's "terminating connection" then reaches a pool with no error listener and fails
 * the run. Until the harness listens itself, this does. PGlite has no pool and no `on`.
 */
function tolerateForcedDrop(db: Db) {
  const client = (db as unknown as { $client?: { on?: (event: "error", f: () => void) => void } }).$client;
  if (typeof client?.on === "function") client.on("error", () => {});
}

export function peopleOf(app: TestApp["app"], db: Db) {
  tolerateForcedDrop(db);
  /** A registered, onboarded person: a woman seeking men by default, of `age`, accepting exactly `age`. */
  async function person(age: number, profile: Profile = {}): Promise<Person> {
    const user = await registerUser(app);
    await db
      .update(users)
      .set({
        onboardingCompleted: true,
        age,
        dateOfBirth: "1990-01-02",
        gender: "Woman",
        interestedGenders: ["Men"],
        agePreferenceMin: age,
        agePreferenceMax: age,
        bio: "Hello",
        avatar: "🦊",
        ...compatibleAnswers,
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
