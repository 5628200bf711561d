import { zodResolver } from "@hookform/resolvers/zod";
import {
  DECISION_ACTIONS,
  type DecisionInput,
  decisionInputSchema,
  RULE_CHOICES,
  RULE_IDS,
  SUSPENSION_DAYS,
} from "@kindred/shared/moderation";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorDetail } from "@/lib/api";
import { useDecideMutation } from "../api/decide";
import { ACTION_LABEL, daysText, decidedText } from "../moderation-copy";

type DecisionFields = z.input<typeof decisionInputSchema>;

/** What became of a case the console acted on, said once its card has left the queue. */
export interface Outcome {
  userId: number;
  text: string;
  problem: boolean;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-red-600 text-sm">
      {message}
    </p>
  ) : null;
}

/** What to do about one person's case: an action, its length, the rule it is made under, a note. */
export function DecisionForm({
  userId,
  username,
  onOutcome,
}: {
  userId: number;
  username: string;
  onOutcome: (outcome: Outcome) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState("");
  const decide = useDecideMutation({
    onSuccess: (decision) => onOutcome({ userId, text: decidedText(username, decision), problem: false }),
    onError: (error) => {
      const text = errorDetail(error, "The decision was not saved. Please try again.");
      setProblem(text);
      // Decided by someone else: the refetch takes the card away, so the queue keeps the reason.
      if (error instanceof ApiError && error.status === 409) {
        onOutcome({ userId, text: `${username}: ${text}`, problem: true });
      }
    },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DecisionFields, unknown, DecisionInput>({
    resolver: zodResolver(decisionInputSchema),
    defaultValues: { userId, days: 7, note: "" },
  });
  const action = useWatch({ control, name: "action" });

  const onSubmit = handleSubmit((input) => {
    setProblem("");
    decide.mutate({
      ...input,
      days: input.action === "suspend" ? input.days : undefined,
      note: input.note || undefined,
    });
  });

  return (
    <form
      className="grid gap-4 rounded-xl border border-stone-200 bg-stone-50 p-4"
      noValidate
      aria-label={`Decision on ${username}`}
      onSubmit={onSubmit}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm text-stone-800">Decision</legend>
        <Controller
          control={control}
          name="action"
          render={({ field }) => (
            <RadioGroup
              value={field.value ?? ""}
              onValueChange={field.onChange}
              className="flex flex-wrap gap-5"
              aria-invalid={errors.action ? true : undefined}
              aria-describedby={errors.action ? `${id}-action-error` : undefined}
            >
              {DECISION_ACTIONS.map((a) => (
                <div key={a} className="flex items-center gap-2">
                  <RadioGroupItem id={`${id}-action-${a}`} value={a} />
                  <Label htmlFor={`${id}-action-${a}`} className="font-normal">
                    {ACTION_LABEL[a]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
        <FieldError id={`${id}-action-error`} message={errors.action?.message} />
      </fieldset>
      {action === "suspend" ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-days`}>Suspension length</Label>
          <NativeSelect
            id={`${id}-days`}
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={errors.days ? `${id}-days-error` : undefined}
            {...register("days", {
              setValueAs: (v) => (v === "" || v === undefined ? undefined : Number(v)),
            })}
          >
            {SUSPENSION_DAYS.map((d) => (
              <option key={d} value={d}>
                {daysText(d)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-days-error`} message={errors.days?.message} />
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-rule`}>Rule</Label>
        <NativeSelect
          id={`${id}-rule`}
          defaultValue=""
          aria-required
          aria-invalid={errors.rule ? true : undefined}
          aria-describedby={errors.rule ? `${id}-rule-error` : undefined}
          {...register("rule")}
        >
          <option value="" disabled>
            Choose the rule…
          </option>
          {RULE_IDS.map((r) => (
            <option key={r} value={r}>
              {RULE_CHOICES[r]}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-rule-error`} message={errors.rule?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={1000}
          aria-describedby={`${id}-note-hint`}
          {...register("note")}
        />
        <p id={`${id}-note-hint`} className="text-stone-500 text-xs">
          For the audit log only; never sent to the person.
        </p>
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
