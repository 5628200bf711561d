// What the nearest-candidates pool (candidate-pool.ts) costs in quality, for the benchmark report:
// for each caller, the best matches found by scoring the pool against those found by scoring every
// candidate who passes the hard filter. Capacity is left out of both sides, so they stay comparable.
import { eq } from "drizzle-orm";
import type { Executor } from "../src/db/client.ts";
import { users } from "../src/db/schema/users.ts";
import { findCandidatePool, type PoolOptions } from "../src/features/matching/candidate-pool.ts";
import { findCandidates, findPairsOf } from "../src/features/matching/data.ts";
import {
  callerFilter,
  type RankedCandidate,
  RESULT_LIMIT,
  rankCandidates,
} from "../src/features/matching/generate.ts";

export interface PoolQuality {
  /** Mean over callers of (best three scores overall − best three scores from the pool), in points. */
  top3Loss: number;
  /** Mean share of the true top 20 that the pool's top 20 contains. */
  recallAt20: number;
  callers: number;
}

const mean3 = (list: RankedCandidate[]) =>
  list.slice(0, 3).reduce((sum, c) => sum + c.score.compatibility, 0) / Math.max(1, Math.min(3, list.length));

export async function measurePoolQuality(
  db: Executor,
  callerIds: number[],
  options: Partial<PoolOptions> = {},
): Promise<PoolQuality> {
  let loss = 0;
  let recall = 0;
  let callers = 0;
  for (const id of callerIds) {
    const [caller] = await db.select().from(users).where(eq(users.id, id));
    const pairs = await findPairsOf(db, [id]);
    const filter =
      caller &&
      callerFilter(
        caller,
        pairs.map((p) => (p.userId1 === id ? p.userId2 : p.userId1)),
      );
    if (!caller || !filter) continue;
    const everyone = (await findCandidates(db, filter, { notIn: [] })).rows;
    const exact = rankCandidates(caller, everyone).slice(0, RESULT_LIMIT);
    if (exact.length === 0) continue;
    const pooled = rankCandidates(caller, await findCandidatePool(db, caller, filter, options)).slice(
      0,
      RESULT_LIMIT,
    );
    const found = new Set(pooled.map((c) => c.row.id));
    loss += mean3(exact) - mean3(pooled);
    recall += exact.filter((c) => found.has(c.row.id)).length / exact.length;
    callers += 1;
  }
  return { top3Loss: loss / Math.max(1, callers), recallAt20: recall / Math.max(1, callers), callers };
}
