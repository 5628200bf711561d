import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorDetail } from "@/lib/api";
import { useAddModeratorMutation, useModeratorsQuery, useRemoveModeratorMutation } from "../api/console";

/** Who moderates (admins): add a moderator by their account's email, or make one a member again. */
export function ModeratorsPanel() {
  const id = useId();
  const [email, setEmail] = useState("");
  const moderators = useModeratorsQuery();
  const add = useAddModeratorMutation();
  const remove = useRemoveModeratorMutation();
  const problem = add.error ?? remove.error;
  return (
    <div className="grid gap-5">
      <ul className="grid gap-2">
        {(moderators.data ?? []).map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 p-3">
            <span className="font-medium">{m.username}</span>
            <span className="text-stone-500 text-sm">{m.email}</span>
            <span className="text-sm">{m.role}</span>
            {m.role === "moderator" ? (
              <Button
                variant="outline"
                size="sm"
                className="ml-auto"
                disabled={remove.isPending}
                onClick={() => remove.mutate(m.id)}
                aria-label={`Remove ${m.username} as a moderator`}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 sm:max-w-md"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(email, { onSuccess: () => setEmail("") });
        }}
      >
        <Label htmlFor={`${id}-email`}>Add a moderator (their account's email)</Label>
        <Input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <p role="alert" className="text-red-600 text-sm empty:hidden">
          {problem ? errorDetail(problem, "That did not work. Please try again.") : ""}
        </p>
        <Button type="submit" disabled={add.isPending} className="justify-self-start">
          Add a moderator
        </Button>
      </form>
    </div>
  );
}
