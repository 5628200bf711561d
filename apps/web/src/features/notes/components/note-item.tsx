import { NOTE_MAX } from "@kindred/shared/constants";
import type { Note } from "@kindred/shared/notes";
import { format } from "date-fns";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorDetail } from "@/lib/api";
import { useDeleteNoteMutation } from "../api/delete-note";
import { useUpdateNoteMutation } from "../api/update-note";

const FALLBACK = "Something went wrong. Please try again.";

/** SPEC §9 formats: 'MMM d, yyyy' and 'h:mm a'. */
function stamp(note: Note): string {
  const at = new Date(note.updatedAt);
  const when = `${format(at, "MMM d, yyyy")} at ${format(at, "h:mm a")}`;
  return note.updatedAt !== note.createdAt ? `Edited ${when}` : when;
}

function EditNote({ note, matchId, onDone }: { note: Note; matchId: number; onDone: () => void }) {
  const [text, setText] = useState(note.content);
  const update = useUpdateNoteMutation(matchId);
  const blank = text.trim().length === 0;
  const save = () => update.mutate({ noteId: note.id, content: text.trim() }, { onSuccess: () => onDone() });
  return (
    <div className="flex flex-col gap-2">
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="Edit note"
        maxLength={NOTE_MAX}
        className="min-h-20"
      />
      {update.error ? (
        <p role="alert" className="text-red-600 text-sm">
          {errorDetail(update.error, FALLBACK)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" disabled={blank || update.isPending} onClick={save}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </div>
  );
}

/** One note: read it, edit it in place, or delete it after a second press. */
export function NoteItem({ note, matchId }: { note: Note; matchId: number }) {
  const [mode, setMode] = useState<"view" | "edit" | "confirm">("view");
  const remove = useDeleteNoteMutation(matchId);

  return (
    <li
      aria-label="Note"
      className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm"
    >
      {mode === "edit" ? (
        <EditNote note={note} matchId={matchId} onDone={() => setMode("view")} />
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words text-stone-800">{note.content}</p>
          <div className="flex items-center justify-between gap-2">
            <time dateTime={note.updatedAt} className="text-stone-500 text-xs">
              {stamp(note)}
            </time>
            {mode === "confirm" ? (
              <div className="flex items-center gap-2">
                <span className="text-stone-700 text-xs">Delete this note?</span>
                <Button variant="outline" size="sm" onClick={() => setMode("view")}>
                  Keep
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(note.id)}
                >
                  {remove.isPending ? "Deleting..." : "Delete"}
                </Button>
              </div>
            ) : (
              <div className="flex items-center">
                <Button variant="ghost" size="icon" className="size-8" onClick={() => setMode("edit")}>
                  <Pencil aria-hidden />
                  <span className="sr-only">Edit note</span>
                </Button>
                <Button variant="ghost" size="icon" className="size-8" onClick={() => setMode("confirm")}>
                  <Trash2 aria-hidden />
                  <span className="sr-only">Delete note</span>
                </Button>
              </div>
            )}
          </div>
          {remove.error ? (
            <p role="alert" className="text-red-600 text-xs">
              {errorDetail(remove.error, FALLBACK)}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
