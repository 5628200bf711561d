// Match generation: hard filter in SQL (candidate-pool.ts), exact scoring in JS (shared scorePair),
// capacity checked lazily on the best-ranked only, then creation under row locks (mutations.ts).
import { AGE_MIN, AGE_PREFERENCE_DEFAULT_MAX, AGE_PREFERENCE_DEFAULT_MIN } from "@kindred/shared/constants";
import { isCandidatePair, MIN_MATCH_COMPATIBILITY, type Score, scorePair } from "@kindred/shared/matching";
import type { GenerateMatchesResponse } from "@kindred/shared/matching-api";
import { GENDER_TO_INTEREST, GENDERS, type Gender } from "@kindred/shared/options";
import { planOf } from "@kindred/shared/plans";
import type { Db, Executor } from "../../db/client.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { findCandidatePool } from "./candidate-pool.ts";
import {
  type CandidateFilter,
  type CandidateRow,
  countActive,
  countActiveMatches,
  findPairsOf,
} from "./data.ts";
import { createMatchesLocked, type LockedState, type NewPair } from "./mutations.ts";
import { toMatchResult, toNewMatchView } from "./present.ts";

/** How many scored candidates the response lists. */
export const RESULT_LIMIT = 20;
/** Candidates locked beyond the caller's free slots, in case some filled up since they were read. */
const SPARE_CANDIDATES = 5;

export interface RankedCandidate {
  row: CandidateRow;
  score: Score;
}

const hasRoom = (p: { id: number; profileType: string }, active: Map<number, number>) =>
  (active.get(p.id) ?? 0) < planOf(p.profileType).maxMatches;

/** The caller's side of the hard filter as SQL values; null when nobody can pass it. */
export function callerFilter(caller: SessionUser, excludeIds: number[]): CandidateFilter | null {
  const interest = GENDER_TO_INTEREST[caller.gender as Gender];
  const wanted = caller.interestedGenders ?? [];
  const genders = GENDERS.filter((g) => wanted.includes(GENDER_TO_INTEREST[g]));
  if (!interest || caller.age === null || genders.length === 0) return null;
  const ageMin = Math.max(AGE_MIN, caller.agePreferenceMin ?? AGE_PREFERENCE_DEFAULT_MIN);
  const ageMax = caller.agePreferenceMax ?? AGE_PREFERENCE_DEFAULT_MAX;
  return { callerId: caller.id, genders, interest, callerAge: caller.age, ageMin, ageMax, excludeIds };
}

/** Where a candidate ranks: the real score plus their plan's priority (DECISIONS "Priority and VIP"). */
const rankOf = (c: RankedCandidate) => c.score.compatibility + planOf(c.row.profileType).rankBoost;

/** Best first; equal ranks by id so the order is the same on every run. isCandidatePair has the last word. */
export function rankCandidates(caller: SessionUser, pool: CandidateRow[]): RankedCandidate[] {
  return pool
    .filter((row) => isCandidatePair(caller, row))
    .map((row) => ({ row, score: scorePair(caller, row) }))
    .sort((a, b) => rankOf(b) - rankOf(a) || a.row.id - b.row.id);
}

/**
 * The first `need` ranked candidates who are under their plan's capacity. Counting matches for every
 * candidate would cost two index probes each; only the best-ranked are ever shown or matched, so
 * they are checked in growing chunks until enough have room.
 */
async function withRoom(db: Executor, ranked: RankedCandidate[], need: number): Promise<RankedCandidate[]> {
  const out: RankedCandidate[] = [];
  let start = 0;
  let size = need + 10;
  while (out.length < need && start < ranked.length) {
    const chunk = ranked.slice(start, start + size);
    const active = await countActiveMatches(
      db,
      chunk.map((c) => c.row.id),
    );
    out.push(...chunk.filter((c) => hasRoom(c.row, active)));
    start += size;
    size *= 2;
  }
  return out.slice(0, need);
}

/** Decides, under the locks, which pairs to create: re-checked and re-scored on fresh rows. */
function chooser(callerId: number, ranked: RankedCandidate[]) {
  return ({ people, activeCounts, pairedWithCaller }: LockedState): NewPair[] => {
    const caller = people.get(callerId);
    if (!caller?.onboardingCompleted || caller.matchingPaused || caller.moderationHold) return [];
    let free = planOf(caller.profileType).maxMatches - (activeCounts.get(callerId) ?? 0);
    const chosen: NewPair[] = [];
    for (const { row } of ranked) {
      if (free <= 0) break;
      const other = people.get(row.id);
      if (
        !other ||
        other.matchingPaused ||
        other.moderationHold ||
        pairedWithCaller.has(other.id) ||
        !hasRoom(other, activeCounts)
      )
        continue;
      if (!isCandidatePair(caller, other)) continue;
      const { compatibility } = scorePair(caller, other);
      if (compatibility < MIN_MATCH_COMPATIBILITY) continue;
      chosen.push({ otherId: other.id, compatibility });
      free -= 1;
    }
    return chosen;
  };
}

/** Finds the caller's best candidates and matches them, up to the caller's free capacity. */
export async function generateMatches(db: Db, caller: SessionUser): Promise<GenerateMatchesResponse> {
  const pairs = await findPairsOf(db, [caller.id]);
  const free = planOf(caller.profileType).maxMatches - (countActive(pairs, [caller.id]).get(caller.id) ?? 0);
  const filter = callerFilter(
    caller,
    pairs.map((p) => (p.userId1 === caller.id ? p.userId2 : p.userId1)),
  );
  // At capacity nobody can be matched, so nobody is a candidate: the UI says 'No New Matches'.
  if (free <= 0 || !filter) return { matchResults: [], newMatches: [] };

  const ranked = rankCandidates(caller, await findCandidatePool(db, caller, filter));
  const shown = await withRoom(db, ranked, Math.max(RESULT_LIMIT, free + SPARE_CANDIDATES));
  const best = shown
    .filter((c) => c.score.compatibility >= MIN_MATCH_COMPATIBILITY)
    .slice(0, free + SPARE_CANDIDATES);
  const created =
    best.length === 0
      ? []
      : await createMatchesLocked(
          db,
          caller.id,
          best.map((c) => c.row.id),
          chooser(caller.id, best),
        );
  return {
    matchResults: shown.slice(0, RESULT_LIMIT).map((c) => toMatchResult(c.row, c.score)),
    newMatches: created.map(toNewMatchView),
  };
}
