import { STEP_FIELDS, validateStep } from "@kindred/shared/onboarding";
import { useEffect, useEffectEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { WizardError } from "../wizard-state";
import type { WizardValues } from "../wizard-values";

/**
 * A message goes as soon as it no longer holds: a "check" once the step's answer passes its rule (until
 * then it names the rule the answer breaks now), a "save" once the answer the server refused is changed. A "completion" notice names other steps, so it
 * stays until the person goes to one. Leaving the step (Previous, the browser's Back) clears any.
 */
export function useStepErrorClearing(
  form: UseFormReturn<WizardValues>,
  step: number,
  error: WizardError | null,
  show: (message: string | null) => void,
) {
  const onClear = useEffectEvent(() => show(null));
  const onCheck = useEffectEvent((message: string | null) => {
    if (message !== error?.message) show(message);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step starts without the last one's message
  useEffect(() => onClear(), [step]);

  const kind = error?.kind;
  useEffect(() => {
    if (kind !== "check" && kind !== "save") return;
    const fields: readonly string[] = STEP_FIELDS[step] ?? [];
    const subscription = form.watch((values, { name }) => {
      if (kind === "save") {
        if (name && fields.includes(name.split(".")[0] ?? "")) onClear();
        return;
      }
      onCheck(validateStep(step, values as Partial<WizardValues>));
    });
    return () => subscription.unsubscribe();
  }, [form, step, kind]);
}
