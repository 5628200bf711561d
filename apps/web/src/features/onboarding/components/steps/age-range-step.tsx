import { AGE_MAX, AGE_MIN } from "@kindred/shared/constants";
import { updateAgePreference } from "@kindred/shared/onboarding";
import { AGE_PREFERENCE_ORDER_MESSAGE } from "@kindred/shared/profile";
import { useFormContext, useWatch } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { WizardValues } from "../../wizard-values";

const AGES = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i);

function AgeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (age: number) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {AGES.map((age) => (
            <SelectItem key={age} value={String(age)}>
              {age}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Two selectors 21–100; SPEC §4 couples them (raising the minimum lifts the maximum and vice versa). */
export function AgeRangeStep() {
  const { setValue } = useFormContext<WizardValues>();
  const [min, max] = useWatch<WizardValues, ["agePreferenceMin", "agePreferenceMax"]>({
    name: ["agePreferenceMin", "agePreferenceMax"],
  });
  const change = (bound: "min" | "max", age: number) => {
    const next = updateAgePreference({ min, max }, bound, age);
    setValue("agePreferenceMin", next.min);
    setValue("agePreferenceMax", next.max);
  };

  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <AgeSelect id="age-min" label="Minimum age" value={min} onChange={(age) => change("min", age)} />
        <AgeSelect id="age-max" label="Maximum age" value={max} onChange={(age) => change("max", age)} />
      </div>
      <p className="text-sm text-stone-500">{AGE_PREFERENCE_ORDER_MESSAGE}</p>
      <div className="rounded-2xl bg-gradient-to-br from-rose-50 to-violet-50 px-5 py-4 text-center">
        <p className="text-sm text-stone-600">You'll be matched with people aged</p>
        <p className="mt-1 font-bold text-2xl text-stone-900 tabular-nums">
          {min} – {max}
        </p>
      </div>
    </div>
  );
}
