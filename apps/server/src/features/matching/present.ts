import type { Score } from "@kindred/shared/matching";
import type { MatchResult, NewMatchView } from "@kindred/shared/matching-api";
import type { CandidateRow } from "./data.ts";
import type { CreatedMatch } from "./mutations.ts";

/** A scored candidate as the caller may see them: public profile basics, never private fields. */
export function toMatchResult(row: CandidateRow, score: Score): MatchResult {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    matchScore: score.compatibility,
    gender: row.gender,
    interestedGenders: row.interestedGenders,
    age: row.age,
    location: row.location,
    compatibilityBreakdown: score.breakdown,
  };
}

export function toNewMatchView({ match, other }: CreatedMatch): NewMatchView {
  return {
    id: match.id,
    userId1: match.userId1,
    userId2: match.userId2,
    compatibility: match.compatibility,
    matchDate: match.matchDate.toISOString(),
    status: match.status,
    otherUser: { id: other.id, username: other.username, avatar: other.avatar },
  };
}
