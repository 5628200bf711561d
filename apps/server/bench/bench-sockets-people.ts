// People for `npm run bench:sockets`, made straight in the database: registering 2,000 through argon2
// would take minutes, and a socket only needs a session row whose hash matches its cookie's token.
import { randomBytes } from "node:crypto";
import type { Db } from "../src/db/client.ts";
import { calls } from "../src/db/schema/calls.ts";
import { matches } from "../src/db/schema/matches.ts";
import { sessions } from "../src/db/schema/sessions.ts";
import { users } from "../src/db/schema/users.ts";
import { hashToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../src/lib/sessions/token.ts";
import { mulberry32, syntheticUser } from "../src/scripts/synthetic-users.ts";

const BATCH = 500;

/**
 * Never verified (nobody here signs in with a password), but as long as a real argon2id hash: each
 * socket holds its user's whole row, so the rows are complete, onboarded profiles, not bare names.
 */
const UNUSED_PASSWORD_HASH = `$argon2id$v=19$m=19456,t=2,p=1$${"s".repeat(22)}$${"h".repeat(43)}`;

export interface Credential {
  id: number;
  /** The Cookie header: the raw token; the table holds its hash. */
  cookie: string;
}

export interface CallPair {
  a: Credential;
  b: Credential;
  callId: number;
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** Onboarded synthetic people (the seed script's), each signed in with one session. */
export async function insertPeople(db: Db, count: number): Promise<Credential[]> {
  // A random tag keeps names unique in a database that an earlier call or another process also filled.
  const tag = randomBytes(4).toString("hex");
  const rnd = mulberry32(Number.parseInt(tag, 16));
  const rows = Array.from({ length: count }, (_, i) => {
    const username = `bench${tag}n${i}`;
    return { ...syntheticUser(rnd, i, UNUSED_PASSWORD_HASH), username, email: `${username}@example.com` };
  });
  const out: Credential[] = [];
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  for (const batch of batches(rows)) {
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    const fresh = ids.map(({ id }) => ({ id, token: newSessionToken() }));
    await db
      .insert(sessions)
      .values(fresh.map((m) => ({ tokenHash: hashToken(m.token), userId: m.id, expiresAt })));
    out.push(...fresh.map((m) => ({ id: m.id, cookie: `${SESSION_COOKIE}=${m.token}` })));
  }
  return out;
}

/** Matched pairs, each with a ringing call (status pending, day 1) from a to b. */
export async function insertCallPairs(db: Db, count: number): Promise<CallPair[]> {
  const people = await insertPeople(db, count * 2);
  const pairs = Array.from({ length: count }, (_, i) => {
    const a = people[2 * i];
    const b = people[2 * i + 1];
    if (!a || !b) throw new Error("too few people");
    return { a, b };
  });
  // RETURNING's order is not promised, so each row is found again by a column that names its pair.
  const matchRows = await db
    .insert(matches)
    .values(
      pairs.map(({ a, b }) => ({
        userId1: Math.min(a.id, b.id),
        userId2: Math.max(a.id, b.id),
        compatibility: 80,
      })),
    )
    .returning({ id: matches.id, userId1: matches.userId1 });
  const matchOf = new Map(matchRows.map((r) => [r.userId1, r.id]));
  const matchIds = pairs.map(({ a, b }) => Number(matchOf.get(Math.min(a.id, b.id))));
  const callRows = await db
    .insert(calls)
    .values(
      pairs.map(({ a, b }, i) => ({
        matchId: Number(matchIds[i]),
        initiatorId: a.id,
        receiverId: b.id,
        callDay: 1,
        // Never read: the call keeps ringing for the few seconds the benchmark needs it.
        lengthSeconds: 300,
      })),
    )
    .returning({ id: calls.id, matchId: calls.matchId });
  const callOf = new Map(callRows.map((r) => [r.matchId, r.id]));
  return pairs.map((p, i) => ({ ...p, callId: Number(callOf.get(Number(matchIds[i]))) }));
}
