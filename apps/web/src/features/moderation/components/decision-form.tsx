import {
  DECISION_ACTIONS,
  type DecisionAction,
  RULE_CHOICES,
  RULE_IDS,
  type RuleId,
  SUSPENSION_DAYS,
} from "@kindred/shared/moderation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorDetail } from "@/lib/api";
import { useDecideMutation } from "../api/console";

const ACTION_LABEL: Record<DecisionAction, string> = {
  dismiss: "Dismiss",
  warn: "Warn",
  suspend: "Suspend",
  ban: "Ban",
};

const selectClass =
  "h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-200";

/** What to do about one person's case: an action, its length, the rule it is made under, a note. */
export function DecisionForm({
  userId,
  onDecided,
}: {
  userId: number;
  onDecided: (message: string) => void;
}) {
  const id = useId();
  const [action, setAction] = useState<DecisionAction | "">("");
  const [days, setDays] = useState<(typeof SUSPENSION_DAYS)[number]>(7);
  const [rule, setRule] = useState<RuleId | "">("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const decide = useDecideMutation();

  const submit = () => {
    if (!action) return setProblem("Please choose what to do: dismiss, warn, suspend or ban.");
    if (!rule) return setProblem("Please choose the rule this decision is made under.");
    setProblem("");
    decide.mutate(
      { userId, action, rule, note: note || undefined, days: action === "suspend" ? days : undefined },
      {
        onSuccess: (d) => onDecided(`${ACTION_LABEL[d.action]}: decided.`),
        onError: (error) => setProblem(errorDetail(error, "The decision was not saved. Please try again.")),
      },
    );
  };

  return (
    <form
      className="grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 font-medium text-sm text-stone-800">Decision</legend>
        {DECISION_ACTIONS.map((a) => (
          <label key={a} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-action`}
              value={a}
              checked={action === a}
              onChange={() => setAction(a)}
              className="accent-rose-600"
            />
            {ACTION_LABEL[a]}
          </label>
        ))}
      </fieldset>
      {action === "suspend" ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-days`}>Suspension length</Label>
          <select
            id={`${id}-days`}
            className={selectClass}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as typeof days)}
          >
            {SUSPENSION_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "1 day" : `${d} days`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-rule`}>Rule</Label>
        <select
          id={`${id}-rule`}
          className={selectClass}
          value={rule}
          onChange={(event) => setRule(event.target.value as RuleId)}
        >
          <option value="" disabled>
            Choose the rule…
          </option>
          {RULE_IDS.map((r) => (
            <option key={r} value={r}>
              {RULE_CHOICES[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`}>Note</Label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={1000}
          placeholder="For the audit log only; never sent to the person"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {problem}
      </p>
      <Button type="submit" disabled={decide.isPending} className="justify-self-start">
        {decide.isPending ? "Deciding…" : "Decide"}
      </Button>
    </form>
  );
}
