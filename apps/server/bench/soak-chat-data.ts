// The soak's people, sessions and unlocked matches, written straight to the database: signing 200
// people up through the API would spend most of the run in argon2.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { matches } from "../src/db/schema/matches.ts";
import { sessions } from "../src/db/schema/sessions.ts";
import { users } from "../src/db/schema/users.ts";
import { loadEnv } from "../src/env.ts";
import { hashToken, newSessionToken, SESSION_TTL_MS } from "../src/lib/sessions/token.ts";

export interface SoakPerson {
  /** The sender's number in message contents: `s{index}-m{n}`. */
  index: number;
  id: number;
  /** The raw cookie token (the database holds only its hash). */
  token: string;
  matchId: number;
}

export interface SoakMatch {
  id: number;
  people: [SoakPerson, SoakPerson];
}

export interface SoakData {
  people: SoakPerson[];
  matches: SoakMatch[];
}

/** Where the server will find the data: a PostgreSQL database made for the run, or PGlite in a directory. */
export type SoakTarget = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export async function seedSoak(target: SoakTarget, pairs: number): Promise<SoakData> {
  const where = target.kind === "postgres" ? { url: target.url } : { dataDir: target.dir };
  const database = await openDatabase({ ...where, migrationsDir: loadEnv().MIGRATIONS_DIR });
  try {
    const tag = randomUUID().slice(0, 8);
    const made = await database.db
      .insert(users)
      .values(
        Array.from({ length: pairs * 2 }, (_, i) => ({
          username: `soak-${tag}-${i}`,
          email: `soak-${tag}-${i}@example.test`,
          name: `Soak ${i}`,
          onboardingCompleted: true,
        })),
      )
      .returning({ id: users.id });
    // RETURNING follows VALUES order for a plain multi-row insert, so ids ascend with the index.
    const ids = made.map((u) => u.id).sort((a, b) => a - b);
    const tokens = ids.map(() => newSessionToken());
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await database.db
      .insert(sessions)
      .values(ids.map((userId, i) => ({ tokenHash: hashToken(tokens[i] as string), userId, expiresAt })));
    const matchRows = await database.db
      .insert(matches)
      .values(
        Array.from({ length: pairs }, (_, k) => ({
          userId1: ids[2 * k] as number,
          userId2: ids[2 * k + 1] as number,
          compatibility: 80,
          callCount: 2,
          isChatUnlocked: true,
        })),
      )
      .returning({ id: matches.id, userId1: matches.userId1 });
    const byFirst = new Map(matchRows.map((m) => [m.userId1, m.id]));
    const people = ids.map((id, index) => {
      const matchId = byFirst.get(ids[index - (index % 2)] as number);
      if (matchId === undefined) throw new Error(`no match made for user ${id}`);
      return { index, id, token: tokens[index] as string, matchId };
    });
    return {
      people,
      matches: Array.from({ length: pairs }, (_, k) => ({
        id: people[2 * k]?.matchId as number,
        people: [people[2 * k], people[2 * k + 1]] as [SoakPerson, SoakPerson],
      })),
    };
  } finally {
    await database.close();
  }
}

/** A database for the run on the server of `serverUrl`; `drop` removes it, connections and all. */
export async function createSoakDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kindred_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
