import { NOTE_MAX } from "@kindred/shared/constants";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorDetail } from "@/lib/api";
import { useCreateNoteMutation } from "../api/create-note";

/**
 * One private note about a match, written in a moment (after a call): saved to the same Notes as the
 * Notes dialog's. Saying so once saved, the field is ready for another.
 */
export function QuickNote({ matchId, username }: { matchId: number; username: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const [saved, setSaved] = useState(false);
  const create = useCreateNoteMutation(matchId);
  const blank = text.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(
      { content: text.trim() },
      {
        onSuccess: () => {
          setText("");
          setSaved(true);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-note`} className="font-medium text-sm text-stone-800">
        {`A private note about ${username}`}
      </label>
      <Textarea
        id={`${id}-note`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
        placeholder="What stood out? Only you will see this."
        maxLength={NOTE_MAX}
        className="min-h-16"
      />
      <div className="flex items-center justify-end gap-3">
        <p role="status" className="mr-auto text-sm text-emerald-700">
          {saved ? "Saved to your notes." : ""}
        </p>
        <Button type="submit" size="sm" variant="outline" disabled={blank || create.isPending}>
          {create.isPending ? "Saving..." : "Save note"}
        </Button>
      </div>
      {create.error ? (
        <p role="alert" className="text-red-600 text-sm">
          {errorDetail(create.error, "Your note could not be saved. Please try again.")}
        </p>
      ) : null}
    </form>
  );
}
