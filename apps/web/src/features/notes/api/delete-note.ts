import type { Note } from "@kindred/shared/notes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { notesKey } from "./get-notes";

/** DELETE /api/matches/{id}/notes/{noteId}. */
export function useDeleteNoteMutation(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) =>
      apiJson<{ ok: true }>("DELETE", `/api/matches/${matchId}/notes/${noteId}`),
    onSuccess: (_, noteId) => {
      queryClient.setQueryData<Note[]>(notesKey(matchId), (list) => list?.filter((n) => n.id !== noteId));
    },
  });
}
