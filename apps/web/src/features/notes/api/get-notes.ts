import type { Note } from "@kindred/shared/notes";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/**
 * Not under "/api/matches": that prefix is patched as a list of matches when presence changes, and
 * notes are not matches.
 */
export const notesKey = (matchId: number) => ["match-notes", matchId] as const;

/** GET /api/matches/{id}/notes: my notes on this match, newest first. Only their author ever gets them. */
export function useNotesQuery(matchId: number, enabled: boolean) {
  return useQuery<Note[], Error>({
    queryKey: notesKey(matchId),
    queryFn: () => apiJson<Note[]>("GET", `/api/matches/${matchId}/notes`),
    enabled,
  });
}
