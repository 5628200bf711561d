// npm run seed -- --users N [--reset] [--seed S]
// Fills the database the server uses (DATABASE_URL, else PGlite in DATA_DIR) with onboarded synthetic
// people and a realistic match history. Every seeded account's password is "kindred-demo".
import { sql } from "drizzle-orm";
import { configuredDatabase, type Db, openDatabase } from "../db/client.ts";
import { matches } from "../db/schema/matches.ts";
import { users } from "../db/schema/users.ts";
import { loadEnv } from "../env.ts";
import { hashPassword } from "../features/auth/passwords.ts";
import { runAsScript } from "../lib/run-as-script.ts";
import { type SeededPerson, syntheticMatches } from "./synthetic-matches.ts";
import { mulberry32, type NewUser, syntheticUser } from "./synthetic-users.ts";

export const DEMO_PASSWORD = "kindred-demo";
const BATCH = 1000;

export interface SeedOptions {
  users: number;
  reset?: boolean;
  seed?: number;
  /** Reuse a hash (the benchmark seeds twice); hashing is deliberately slow. */
  passwordHash?: string;
}

function toPerson(id: number, u: NewUser): SeededPerson {
  return {
    id,
    age: u.age ?? null,
    gender: u.gender ?? null,
    interestedGenders: u.interestedGenders ?? null,
    agePreferenceMin: u.agePreferenceMin ?? null,
    agePreferenceMax: u.agePreferenceMax ?? null,
    location: u.location ?? null,
    communicationStyle: u.communicationStyle ?? null,
    freeTimeActivities: u.freeTimeActivities ?? null,
    values: u.values ?? null,
    conflictResolution: u.conflictResolution ?? null,
    loveLanguage: u.loveLanguage ?? null,
    relationshipPace: u.relationshipPace ?? null,
    dealbreakers: u.dealbreakers ?? null,
    callPreferences: u.callPreferences ?? null,
    onboardingCompleted: true,
    profileType: u.profileType ?? "basic",
  };
}

async function insertPeople(db: Db, rows: NewUser[]): Promise<SeededPerson[]> {
  const people: SeededPerson[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    // RETURNING gives rows in VALUES order for a plain multi-row insert.
    ids.forEach(({ id }, j) => {
      people.push(toPerson(id, batch[j] as NewUser));
    });
  }
  return people;
}

/** Seeds `users` people (and their matches); returns what it made. Deterministic for a given seed and start state. */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<{ users: number; matches: number }> {
  if (opts.reset) await db.execute(sql`TRUNCATE users RESTART IDENTITY CASCADE`);
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const [last] = await db.select({ max: sql<number>`coalesce(max(${users.id}), 0)::int` }).from(users);
  const offset = last?.max ?? 0;
  const rnd = mulberry32(opts.seed ?? 20_240_601 + offset);
  const rows = Array.from({ length: opts.users }, (_, i) => syntheticUser(rnd, offset + i + 1, passwordHash));
  const people = await insertPeople(db, rows);
  const pairs = syntheticMatches(rnd, people);
  for (let i = 0; i < pairs.length; i += BATCH) await db.insert(matches).values(pairs.slice(i, i + BATCH));
  // Fresh statistics for the planner, and the visibility map set (index-only scans), as autovacuum
  // would leave a steady-state database. VACUUM cannot run in a transaction; execute() is not in one.
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE matches`);
  return { users: people.length, matches: pairs.length };
}

function parseArgs(argv: string[]): SeedOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const count = Number(value("--users"));
  if (!Number.isInteger(count) || count <= 0) {
    throw new Error("Usage: npm run seed -- --users N [--reset] [--seed S]  (N a positive whole number)");
  }
  const seed = value("--seed");
  return {
    users: count,
    reset: argv.includes("--reset"),
    seed: seed === undefined ? undefined : Number(seed),
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  const started = performance.now();
  const database = await openDatabase(configuredDatabase(env));
  try {
    const made = await seedDatabase(database.db, opts);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${made.users} users and ${made.matches} matches into ${database.kind} in ${seconds} s` +
        ` (password "${DEMO_PASSWORD}")${opts.reset ? ", after a reset" : ""}.`,
    );
  } finally {
    await database.close();
  }
}

runAsScript(import.meta.url, main);
