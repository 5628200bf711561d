import type { Match } from "@kindred/shared/matches";
import { MissedCallLine } from "@/features/calls/components/missed-call-line";
import { NotesButton } from "@/features/notes/components/notes-button";

/** What other features add to a match card (features do not import each other; the routes compose). */
export function matchCardExtras(match: Match) {
  return (
    <>
      <MissedCallLine matchId={match.id} />
      <NotesButton matchId={match.id} username={match.otherUser.username} className="self-start" />
    </>
  );
}
