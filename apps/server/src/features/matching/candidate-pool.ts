// Which candidates get scored. Scoring every person who passes the hard filter does not scale (each
// costs the database a heap visit and Node a row to parse and score), so two approximations bound the
// work; docs/benchmarks.md (bench:matching) measures what they cost against scoring everyone:
// 1. Nearest first: the caller's city, then a ring of the nearest other cities sized (from the
//    planner's statistics) to reach `target` candidates, then, only if still short, all the rest.
//    Location is 25 of the 100 points, so a far candidate rarely outscores a near one.
// 2. Pre-ranked: each query sends only its `limit` best rows by an SQL estimate of the score
//    (pre-rank.ts), which the exact score then orders.
// With few candidates (a small service, or a narrow preference) both are exact: every candidate is scored.
import { CITY_NAMES } from "@kindred/shared/cities";
import { distanceKm } from "@kindred/shared/matching";
import type { Executor } from "../../db/client.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import {
  type CandidateFilter,
  type CandidateRow,
  findCandidates,
  findServiceStats,
  type ServiceStats,
} from "./data.ts";
import { PRE_RANK_LIMIT, preRankScore } from "./pre-rank.ts";

export interface PoolOptions {
  /** Widen to further cities until at least this many candidates have been considered. */
  target: number;
  /** Rows each query sends for exact scoring, the best by the SQL estimate. */
  limit: number;
  /**
   * Below this many people one query over every city costs less than several: the whole candidate
   * set is a few thousand rows at most.
   */
  smallService: number;
}

export const POOL_DEFAULTS: PoolOptions = { target: 1000, limit: PRE_RANK_LIMIT, smallService: 20_000 };
/** The ring aims this much past the target: the statistics are estimates. */
const RING_MARGIN = 1.3;
/** Cities in the ring when the caller's own city had no candidates to extrapolate from. */
const BLIND_RING = 6;

/** The 40 cities, nearest first; null when `from` is not one of them (then distance cannot rank). */
export function citiesByDistance(from: string | null): string[] | null {
  if (from === null || distanceKm(from, from) === null) return null;
  const km = new Map(CITY_NAMES.map((c) => [c, distanceKm(from, c) ?? Number.POSITIVE_INFINITY]));
  return [...CITY_NAMES].sort((a, b) => (km.get(a) ?? 0) - (km.get(b) ?? 0));
}

/**
 * The nearest cities after the caller's own that should hold `needed` more candidates, judging by
 * how many the caller's city held (`found`) for its share of people.
 */
export function ringAfter(
  nearest: string[],
  shares: Map<string, number>,
  found: number,
  needed: number,
): string[] {
  const [own, ...others] = nearest;
  const ownShare = shares.get(own ?? "") ?? 0;
  if (found === 0 || ownShare === 0) return others.slice(0, BLIND_RING);
  const perShare = found / ownShare;
  const ring: string[] = [];
  let expected = 0;
  for (const city of others) {
    if (expected >= needed * RING_MARGIN) break;
    ring.push(city);
    expected += perShare * (shares.get(city) ?? 0);
  }
  return ring;
}

// The statistics change slowly (ANALYZE runs now and then), so one read a minute per database will do.
const STATS_TTL_MS = 60_000;
const statsCache = new WeakMap<Executor, { at: number; stats: Promise<ServiceStats> }>();

function serviceStats(db: Executor): Promise<ServiceStats> {
  const cached = statsCache.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
  const stats = findServiceStats(db);
  statsCache.set(db, { at: Date.now(), stats });
  stats.catch(() => statsCache.delete(db));
  return stats;
}

async function searchEverywhere(db: Executor, caller: SessionUser, filter: CandidateFilter, limit: number) {
  return (await findCandidates(db, filter, { notIn: [] }, { score: preRankScore(caller, CITY_NAMES), limit }))
    .rows;
}

/**
 * The nearest candidates, at least `target` of them considered when that many exist, and from each
 * query the rows that pre-rank best (all of them when it found few). On a small service, or for a
 * caller outside the city list, one query over everyone.
 */
export async function findCandidatePool(
  db: Executor,
  caller: SessionUser,
  filter: CandidateFilter,
  options: Partial<PoolOptions> & { stats?: ServiceStats } = {},
): Promise<CandidateRow[]> {
  const { target, limit, smallService } = { ...POOL_DEFAULTS, ...options };
  const stats = options.stats ?? (await serviceStats(db));
  const nearest = citiesByDistance(caller.location);
  if (stats.users < smallService || !nearest) return searchEverywhere(db, caller, filter, limit);

  const query = async (cities: string[]) =>
    cities.length === 0
      ? { rows: [], total: 0 }
      : findCandidates(db, filter, { cities }, { score: preRankScore(caller, cities), limit });
  const own = await query(nearest.slice(0, 1));
  if (own.total >= target) return own.rows;
  const ringCities = ringAfter(nearest, stats.cityShares, own.total, target - own.total);
  const ring = await query(ringCities);
  if (own.total + ring.total >= target) return [...own.rows, ...ring.rows];
  const rest = await query(nearest.slice(1 + ringCities.length));
  return [...own.rows, ...ring.rows, ...rest.rows];
}
