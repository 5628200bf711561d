import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorDetail } from "@/lib/api";
import { useAddModeratorMutation } from "../api/add-moderator";
import { useModeratorsQuery } from "../api/get-moderators";
import { useRemoveModeratorMutation } from "../api/remove-moderator";

const ROLE_LABEL: Record<string, string> = { member: "Member", moderator: "Moderator", admin: "Admin" };

/** Who moderates, admins included; only a moderator can be removed here (admins from the command line). */
function ModeratorsTable() {
  const moderators = useModeratorsQuery();
  const remove = useRemoveModeratorMutation();
  if (moderators.isError) {
    return <p role="alert">{errorDetail(moderators.error, "The moderators could not be loaded.")}</p>;
  }
  if (!moderators.data) return <p className="text-stone-500">Loading the moderators…</p>;
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Moderators and admins</caption>
          <thead className="text-stone-600">
            <tr>
              <th className="p-2">Username</th>
              <th className="p-2">Email</th>
              <th className="p-2">Role</th>
              <th className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {moderators.data.map((m) => (
              <tr key={m.id} className="border-stone-100 border-t">
                <td className="p-2 font-medium">{m.username}</td>
                <td className="p-2">{m.email}</td>
                <td className="p-2">{ROLE_LABEL[m.role] ?? m.role}</td>
                <td className="p-2 text-right">
                  {m.role === "moderator" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(m.id)}
                      aria-label={`Remove ${m.username}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {remove.isError
          ? errorDetail(remove.error, "That moderator could not be removed. Please try again.")
          : ""}
      </p>
    </div>
  );
}

/** Adds a moderator by the email address of their account. */
function AddModeratorForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const add = useAddModeratorMutation();
  const problem = add.isError ? errorDetail(add.error, "That did not work. Please try again.") : "";
  return (
    <form
      className="grid gap-3 sm:max-w-md"
      noValidate
      aria-label="Add a moderator"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(email.trim(), { onSuccess: () => setEmail("") });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email of their account</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <p id={`${id}-problem`} role="alert" className="text-red-600 text-sm empty:hidden">
        {problem}
      </p>
      <p role="status" className="text-emerald-700 text-sm empty:hidden">
        {add.isSuccess
          ? `${add.data.username} is ${add.data.role === "admin" ? "an admin" : "a moderator"}.`
          : ""}
      </p>
      <Button type="submit" disabled={add.isPending} className="justify-self-start">
        {add.isPending ? "Adding…" : "Add a moderator"}
      </Button>
    </form>
  );
}

/** The admins' list of who moderates, and the form that adds one. */
export function ModeratorsPanel() {
  return (
    <div className="grid gap-8">
      <ModeratorsTable />
      <AddModeratorForm />
    </div>
  );
}
