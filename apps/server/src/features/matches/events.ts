import { MATCH_UPDATED } from "@kindred/shared/match-events";
import type { MatchUpdatedFrame } from "@kindred/shared/matches";
import type { FastifyInstance } from "fastify";
import type { MatchRow } from "../../db/schema/matches.ts";

/** Both people (every status socket of theirs) hear that the match changed, and fetch it again. */
export async function announceMatchUpdated(
  app: FastifyInstance,
  match: Pick<MatchRow, "id" | "userId1" | "userId2">,
): Promise<void> {
  const frame: MatchUpdatedFrame = { type: MATCH_UPDATED, matchId: match.id };
  const { hub } = app.realtime;
  await Promise.all(
    [match.userId1, match.userId2].map((id) => hub.send(id, { to: "user", kind: "status", frame })),
  );
}

/** Someone found a new match: the other person hears it ('New match: alice') on their open pages. */
export async function announceNewMatch(app: FastifyInstance, matchId: number, to: number, withName: string) {
  const frame: MatchUpdatedFrame = { type: MATCH_UPDATED, matchId, newMatchWith: withName };
  await app.realtime.hub.send(to, { to: "user", kind: "status", frame });
}
