import type { Note } from "@kindred/shared/notes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { notesKey } from "./get-notes";

/** PATCH /api/matches/{id}/notes/{noteId}: the edited note. */
export function useUpdateNoteMutation(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: number; content: string }) =>
      apiJson<Note>("PATCH", `/api/matches/${matchId}/notes/${noteId}`, { content }),
    onSuccess: (note) => {
      queryClient.setQueryData<Note[]>(notesKey(matchId), (list) =>
        list?.map((n) => (n.id === note.id ? note : n)),
      );
    },
  });
}
