import type { Note, NoteInput } from "@kindred/shared/notes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { notesKey } from "./get-notes";

/** POST /api/matches/{id}/notes: 201 with the new note. */
export function useCreateNoteMutation(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => apiJson<Note>("POST", `/api/matches/${matchId}/notes`, input),
    onSuccess: (note) => {
      queryClient.setQueryData<Note[]>(notesKey(matchId), (list) => [
        note,
        ...(list ?? []).filter((n) => n.id !== note.id),
      ]);
    },
  });
}
