import { describePreferences } from "@kindred/shared/availability";
import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { useFormContext } from "react-hook-form";
import { isSelectableBirthday } from "../../birth-dates";
import type { WizardValues } from "../../wizard-values";

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900">{value || "Not set"}</dd>
    </div>
  );
}

/** Step 18: a last look at the answers before they are saved as complete. */
export function ProfileCompleteStep() {
  const values = useFormContext<WizardValues>().getValues();
  const age =
    values.dateOfBirth && isSelectableBirthday(values.dateOfBirth)
      ? String(ageFromDateOfBirth(values.dateOfBirth, new Date()))
      : null;
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200">
      <div className="flex items-center gap-4 bg-gradient-to-br from-rose-50 to-violet-50 p-5">
        <span
          aria-hidden
          className="flex size-16 items-center justify-center rounded-full bg-white text-4xl shadow-sm"
        >
          {values.avatar ?? values.username.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-lg text-stone-900">{values.username}</p>
          <p className="text-sm text-stone-600">{[age, values.location].filter(Boolean).join(" · ")}</p>
        </div>
      </div>
      <dl className="divide-y divide-stone-100 px-5">
        <Row label="Gender" value={values.gender} />
        <Row label="Interested in" value={values.interestedGenders.join(", ")} />
        <Row label="Age preference" value={`${values.agePreferenceMin} – ${values.agePreferenceMax}`} />
        <Row label="About me" value={values.bio.trim()} />
        <Row label="Values" value={values.values} />
        <Row label="Love language" value={values.loveLanguage} />
        <Row label="Call times" value={describePreferences(values.callPreferences)} />
      </dl>
    </div>
  );
}
