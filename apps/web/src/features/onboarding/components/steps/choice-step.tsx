import { Check } from "lucide-react";
import { Checkbox, RadioGroup } from "radix-ui";
import { useController } from "react-hook-form";
import { cn } from "@/lib/cn";
import type { ChoiceStep as ChoiceStepConfig } from "../../steps";
import type { WizardValues } from "../../wizard-values";

const OPTION_CLASS =
  "group flex w-full items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3.5 text-left font-medium text-sm text-stone-800 transition hover:border-rose-300 hover:bg-rose-50/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 data-[state=checked]:border-rose-500 data-[state=checked]:bg-rose-50 data-[state=checked]:text-rose-900 sm:text-base";

function Indicator({ round }: { round: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        "flex size-5 shrink-0 items-center justify-center border border-stone-300 bg-white text-white transition group-data-[state=checked]:border-rose-600 group-data-[state=checked]:bg-rose-600",
        round ? "rounded-full" : "rounded-md",
      )}
    >
      <Check className="size-3.5 opacity-0 group-data-[state=checked]:opacity-100" strokeWidth={3} />
    </span>
  );
}

/** One of SPEC §3's option lists as selectable cards: radios for one answer, checkboxes for several. */
export function ChoiceStep({ field, label, options, multiple }: ChoiceStepConfig) {
  const { field: control } = useController<WizardValues, typeof field>({ name: field });
  const value = control.value;

  if (multiple) {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (option: string, on: boolean) =>
      control.onChange(on ? [...chosen, option] : chosen.filter((item) => item !== option));
    return (
      <fieldset className="grid gap-2.5">
        <legend className="sr-only">{label}</legend>
        {options.map((option) => (
          <Checkbox.Root
            key={option}
            checked={chosen.includes(option)}
            onCheckedChange={(on) => toggle(option, on === true)}
            className={OPTION_CLASS}
          >
            <Indicator round={false} />
            {option}
          </Checkbox.Root>
        ))}
      </fieldset>
    );
  }

  return (
    <RadioGroup.Root
      aria-label={label}
      value={typeof value === "string" ? value : ""}
      onValueChange={control.onChange}
      className="grid gap-2.5"
    >
      {options.map((option) => (
        <RadioGroup.Item key={option} value={option} className={OPTION_CLASS}>
          <Indicator round />
          {option}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
