import { NOTE_MAX } from "@kindred/shared/constants";
import { NotebookPen } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorDetail } from "@/lib/api";
import { useCreateNoteMutation } from "../api/create-note";
import { useNotesQuery } from "../api/get-notes";
import { NoteItem } from "./note-item";

function NewNoteForm({ matchId }: { matchId: number }) {
  const [text, setText] = useState("");
  const create = useCreateNoteMutation(matchId);
  const blank = text.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate({ content: text.trim() }, { onSuccess: () => setText("") });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Add a new note..."
        aria-label="New note"
        maxLength={NOTE_MAX}
      />
      {create.error ? (
        <p role="alert" className="text-red-600 text-sm">
          {errorDetail(create.error, "Something went wrong. Please try again.")}
        </p>
      ) : null}
      <Button type="submit" variant="gradient" className="self-end" disabled={blank || create.isPending}>
        {create.isPending ? "Saving..." : "Save Note"}
      </Button>
    </form>
  );
}

function NoteList({ matchId, open }: { matchId: number; open: boolean }) {
  const notes = useNotesQuery(matchId, open);
  if (notes.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading notes" />
      </div>
    );
  }
  if (notes.isError) {
    return (
      <p role="alert" className="text-red-600 text-sm">
        {errorDetail(notes.error, "Your notes could not be loaded.")}
      </p>
    );
  }
  if (notes.data.length === 0) return <p className="py-4 text-center text-sm text-stone-500">No notes yet</p>;
  return (
    <ul aria-label="Your notes" className="flex max-h-[300px] flex-col gap-2 overflow-y-auto pr-1">
      {notes.data.map((note) => (
        <NoteItem key={note.id} note={note} matchId={matchId} />
      ))}
    </ul>
  );
}

/** The conversation header's compact trigger: an icon, with the word from the small breakpoint up. */
const COMPACT_TRIGGER = (
  <Button variant="outline" size="sm" className="size-9 px-0 sm:w-auto sm:px-3">
    <NotebookPen aria-hidden /> <span className="sr-only sm:not-sr-only">Notes</span>
  </Button>
);

/**
 * SPEC §2 Notes dialog: my private notes on this match. Fetched when opened, never shown to them.
 * Its trigger and open state may come from the page (the call page holds its redirect while open);
 * a `null` trigger is a dialog opened by state alone (NotesButton's, loaded when first opened).
 */
export function NotesDialog({
  matchId,
  username,
  trigger = COMPACT_TRIGGER,
  open: openProp,
  onOpenChange,
}: {
  matchId: number;
  username: string;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger === null ? null : <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Private Notes</DialogTitle>
          <DialogDescription>{`Only visible to you: ${username} never sees these notes.`}</DialogDescription>
        </DialogHeader>
        <NewNoteForm matchId={matchId} />
        <NoteList matchId={matchId} open={open} />
      </DialogContent>
    </Dialog>
  );
}
