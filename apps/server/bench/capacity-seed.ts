// The members of `npm run bench:capacity`, written straight to the database (bench-sockets-people.ts):
// onboarded synthetic people, each signed in, each with three matches. Members pair up (0-1, 2-3, …):
// a pair's match has had two calls and its chat is open; each member is also matched, locked, with
// the members two places either side, so presence reaches a few matches as on a real list.
import { randomBytes } from "node:crypto";
import type { Db } from "../src/db/client.ts";
import { matches } from "../src/db/schema/matches.ts";
import { users } from "../src/db/schema/users.ts";
import { hashPassword } from "../src/features/auth/passwords.ts";
import { mulberry32, syntheticUser } from "../src/scripts/synthetic-users.ts";
import { insertPeople } from "./bench-sockets-people.ts";

/** What a member does besides its socket and its pages (docs/capacity-model.md). */
export type Role = "browsing" | "chatting" | "calling";

export interface MemberSpec {
  index: number;
  id: number;
  cookie: string;
  role: Role;
  /** The pair's match (chat open); the even member of a calling pair rings the odd one. */
  pairMatchId: number;
  partnerIndex: number;
}

export interface Account {
  username: string;
  password: string;
}

/** Pairs by number: one in ten chats (10% of members), one in fifty calls (2%), the rest browse. */
export function roleOf(pair: number): Role {
  if (pair % 10 === 0) return "chatting";
  if (pair % 50 === 1) return "calling";
  return "browsing";
}

const BATCH = 1000;

export async function seedMembers(db: Db, count: number): Promise<MemberSpec[]> {
  const people = await insertPeople(db, count - (count % 2));
  const rows: (typeof matches.$inferInsert)[] = [];
  const pair = (a: number, b: number, open: boolean) => {
    const [x, y] = [people[a]?.id as number, people[b]?.id as number];
    rows.push({
      userId1: Math.min(x, y),
      userId2: Math.max(x, y),
      compatibility: 80,
      callCount: open ? 2 : 0,
      isChatUnlocked: open,
    });
  };
  for (let i = 0; i < people.length; i += 1) {
    if (i % 2 === 0) pair(i, i + 1, true);
    if (i + 2 < people.length) pair(i, i + 2, false);
  }
  const made = new Map<string, number>();
  for (let i = 0; i < rows.length; i += BATCH) {
    const ids = await db
      .insert(matches)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: matches.id, userId1: matches.userId1, userId2: matches.userId2 });
    for (const m of ids) made.set(`${m.userId1}-${m.userId2}`, m.id);
  }
  return people.map((person, index) => {
    const partnerIndex = index ^ 1;
    const partner = people[partnerIndex]?.id as number;
    const key = `${Math.min(person.id, partner)}-${Math.max(person.id, partner)}`;
    return {
      index,
      id: person.id,
      cookie: person.cookie,
      role: roleOf(index >> 1),
      pairMatchId: made.get(key) as number,
      partnerIndex,
    };
  });
}

/**
 * People who sign in with a password during the run (a real argon2id hash, as sign-up makes), then
 * find matches among the members and propose a call. No matches yet, so finding them has work to do.
 */
export async function seedAccounts(db: Db, count: number): Promise<Account[]> {
  const tag = randomBytes(4).toString("hex");
  const password = `capacity-${tag}`;
  const hash = await hashPassword(password);
  const rnd = mulberry32(Number.parseInt(tag, 16));
  const accounts = Array.from({ length: count }, (_, i) => ({ username: `cap${tag}s${i}`, password }));
  await db.insert(users).values(
    accounts.map(({ username }, i) => ({
      ...syntheticUser(rnd, i, hash),
      username,
      email: `${username}@example.com`,
    })),
  );
  return accounts;
}
