import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type MatchRow, matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { type CandidateRow, candidateColumns, countActive, findPairsOf } from "./data.ts";

/** What is true while the caller and the candidates are locked: fresh profiles, counts and pairs. */
export interface LockedState {
  people: Map<number, CandidateRow>;
  activeCounts: Map<number, number>;
  /** Everyone the caller already has a matches row with, in any status. */
  pairedWithCaller: Set<number>;
}

export interface NewPair {
  otherId: number;
  compatibility: number;
}

export interface CreatedMatch {
  match: MatchRow;
  other: CandidateRow;
}

/**
 * Creates the matches `choose` picks, in one transaction that concurrent generations cannot overfill.
 * Every generation locks the caller and its candidates (FOR NO KEY UPDATE: it still lets other tables'
 * foreign-key checks through) before counting, so two generations that share a person run one after
 * the other, and the second counts the first's matches (READ COMMITTED: each statement after the lock
 * sees what committed before it). Locking in ascending id order means two such transactions never
 * wait for each other in a cycle.
 */
export async function createMatchesLocked(
  db: Db,
  callerId: number,
  candidateIds: number[],
  choose: (state: LockedState) => NewPair[],
): Promise<CreatedMatch[]> {
  const ids = [...new Set([callerId, ...candidateIds])].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(candidateColumns)
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for("no key update");
    const people = new Map(rows.map((r) => [r.id, r]));
    // One read for both: every pair touching the locked people, whatever its status.
    const pairs = await findPairsOf(tx, ids);
    const activeCounts = countActive(pairs, ids);
    const pairedWithCaller = new Set(
      pairs
        .filter((p) => p.userId1 === callerId || p.userId2 === callerId)
        .map((p) => p.userId1 + p.userId2 - callerId),
    );
    const chosen = choose({ people, activeCounts, pairedWithCaller });
    if (chosen.length === 0) return [];
    const inserted = await tx
      .insert(matches)
      .values(
        chosen.map((c) => ({
          userId1: Math.min(callerId, c.otherId),
          userId2: Math.max(callerId, c.otherId),
          compatibility: c.compatibility,
        })),
      )
      .returning();
    return inserted.map((match) => {
      const otherId = match.userId1 === callerId ? match.userId2 : match.userId1;
      return { match, other: people.get(otherId) as CandidateRow };
    });
  });
}
