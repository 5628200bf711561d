import { describePreferences } from "@kindred/shared/availability";
import { Clock } from "lucide-react";
import { useController } from "react-hook-form";
import type { WizardValues } from "../../wizard-values";
import { SlotEditor } from "../slot-editor";
import { UnavailableDays } from "../unavailable-days";

/** SPEC §2 step 17: weekday and weekend slots and unavailable days, all optional. */
export function CallTimesStep() {
  const { field } = useController<WizardValues, "callPreferences">({ name: "callPreferences" });
  const prefs = field.value;
  return (
    <div className="grid gap-4">
      <SlotEditor
        title="Weekdays"
        slots={prefs.weekdays}
        onChange={(weekdays) => field.onChange({ ...prefs, weekdays })}
      />
      <SlotEditor
        title="Weekends"
        slots={prefs.weekends}
        onChange={(weekends) => field.onChange({ ...prefs, weekends })}
      />
      <UnavailableDays
        days={prefs.notAvailable}
        onChange={(notAvailable) => field.onChange({ ...prefs, notAvailable })}
      />
      <p
        className="flex items-start gap-2 rounded-2xl bg-stone-50 px-4 py-3 text-sm text-stone-600"
        aria-live="polite"
      >
        <Clock className="mt-0.5 size-4 shrink-0 text-violet-500" aria-hidden />
        {describePreferences(prefs)}
      </p>
    </div>
  );
}
