// Deterministic match history for seeded people, so that the benchmark's capacity and pair checks see
// a realistic matches table (most people hold a match or two, some are full, some pairs have ended).
// Every pair respects the same hard rules as generation: candidate pair, both under capacity.
import {
  isCandidatePair,
  type MatchProfile,
  MIN_MATCH_COMPATIBILITY,
  scorePair,
} from "@kindred/shared/matching";
import { GENDER_TO_INTEREST, GENDERS } from "@kindred/shared/options";
import { planOf } from "@kindred/shared/plans";
import type { matches } from "../db/schema/matches.ts";
import type { Random } from "./synthetic-users.ts";

export type NewMatch = typeof matches.$inferInsert;
export type SeededPerson = MatchProfile & { profileType: string };

const TRIES_PER_MATCH = 12;
const DAY_MS = 86_400_000;

function genderOfInterest(interest: string): string | undefined {
  return GENDERS.find((g) => GENDER_TO_INTEREST[g] === interest);
}

interface State {
  rnd: Random;
  people: readonly SeededPerson[];
  byGender: Map<string, SeededPerson[]>;
  active: Map<number, number>;
  pairs: Set<number>;
  out: NewMatch[];
  today: number;
}

// ids stay far below 2^26 here, so one number is a collision-free pair key.
const pairKey = (a: number, b: number) => Math.min(a, b) * 67_108_864 + Math.max(a, b);

function randomPartner(s: State, p: SeededPerson): SeededPerson | undefined {
  const interests = p.interestedGenders ?? [];
  const gender = genderOfInterest(interests[Math.floor(s.rnd() * interests.length)] ?? "");
  const pool = gender ? s.byGender.get(gender) : undefined;
  return pool?.[Math.floor(s.rnd() * pool.length)];
}

function hasRoom(s: State, p: SeededPerson): boolean {
  return (s.active.get(p.id) ?? 0) < planOf(p.profileType).maxMatches;
}

function tryMatch(s: State, p: SeededPerson, status: "active" | "unmatched" | "blocked"): boolean {
  for (let t = 0; t < TRIES_PER_MATCH; t++) {
    const q = randomPartner(s, p);
    if (!q || s.pairs.has(pairKey(p.id, q.id)) || !isCandidatePair(p, q)) continue;
    if (status === "active" && !hasRoom(s, q)) continue;
    const { compatibility } = scorePair(p, q);
    if (compatibility < MIN_MATCH_COMPATIBILITY) continue;
    s.pairs.add(pairKey(p.id, q.id));
    const callCount = status === "active" ? Math.floor(s.rnd() * 4) : 0;
    s.out.push({
      userId1: Math.min(p.id, q.id),
      userId2: Math.max(p.id, q.id),
      compatibility,
      matchDate: new Date(s.today - Math.floor(s.rnd() * 60) * DAY_MS),
      callCount,
      isChatUnlocked: callCount >= 2,
      arePhotosRevealed: callCount >= 3,
      status,
      unmatchedBy: status === "active" ? null : p.id,
      unmatchedDate: status === "active" ? null : new Date(s.today - Math.floor(s.rnd() * 30) * DAY_MS),
    });
    if (status === "active") {
      s.active.set(p.id, (s.active.get(p.id) ?? 0) + 1);
      s.active.set(q.id, (s.active.get(q.id) ?? 0) + 1);
    }
    return true;
  }
  return false;
}

/** Rows for the matches table. About 45% of people want none, 15% want to be full. */
export function syntheticMatches(
  rnd: Random,
  people: readonly SeededPerson[],
  today = new Date(),
): NewMatch[] {
  const byGender = new Map<string, SeededPerson[]>();
  for (const p of people) {
    const list = byGender.get(p.gender ?? "") ?? [];
    list.push(p);
    byGender.set(p.gender ?? "", list);
  }
  const s: State = {
    rnd,
    people,
    byGender,
    active: new Map(),
    pairs: new Set(),
    out: [],
    today: today.getTime(),
  };
  for (const p of people) {
    const r = rnd();
    const cap = planOf(p.profileType).maxMatches;
    const want = r < 0.45 ? 0 : r < 0.7 ? 1 : r < 0.85 ? 2 : cap;
    while ((s.active.get(p.id) ?? 0) < Math.min(want, cap) && tryMatch(s, p, "active")) {}
    if (rnd() < 0.12) tryMatch(s, p, rnd() < 0.7 ? "unmatched" : "blocked");
  }
  return s.out;
}
