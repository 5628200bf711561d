import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { format, setYear } from "date-fns";
import { CakeSlice } from "lucide-react";
import { useMemo, useState } from "react";
import { useController } from "react-hook-form";
import { birthBounds, clampMonth, fromIsoDay, isSelectableBirthday } from "../../birth-dates";
import type { WizardValues } from "../../wizard-values";
import { BirthYearGrid } from "../birth-year-grid";
import { BirthdayCalendar } from "../birthday-calendar";

/** SPEC §2 step 3: a year grid, then a day calendar; the age is computed from the chosen day. */
export function DateOfBirthStep() {
  const { field } = useController<WizardValues, "dateOfBirth">({ name: "dateOfBirth" });
  const bounds = useMemo(() => birthBounds(), []);
  const selected = field.value && isSelectableBirthday(field.value) ? field.value : null;
  const [view, setView] = useState<"years" | "days">(selected ? "days" : "years");
  const [month, setMonth] = useState(() =>
    clampMonth(selected ? fromIsoDay(selected) : bounds.latest, bounds),
  );

  const chooseYear = (year: number) => {
    setMonth(clampMonth(setYear(month, year), bounds));
    setView("days");
  };

  return (
    <div className="grid gap-4">
      {view === "years" ? (
        <BirthYearGrid
          selectedYear={selected ? fromIsoDay(selected).getFullYear() : null}
          latestYear={bounds.latestYear}
          earliestYear={bounds.earliest.getFullYear()}
          onSelect={chooseYear}
        />
      ) : (
        <BirthdayCalendar
          month={month}
          onMonthChange={setMonth}
          selected={selected}
          onSelect={field.onChange}
          onChangeYear={() => setView("years")}
          bounds={bounds}
        />
      )}
      <output
        aria-live="polite"
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm text-stone-600"
      >
        <CakeSlice className="size-5 shrink-0 text-rose-500" aria-hidden />
        {selected ? (
          <span>
            Born {format(fromIsoDay(selected), "MMM d, yyyy")} ·{" "}
            <strong className="font-semibold text-stone-900">
              You are {ageFromDateOfBirth(selected, new Date())} years old
            </strong>
          </span>
        ) : view === "years" ? (
          "Pick the year you were born, then the day."
        ) : (
          "Now pick the day you were born."
        )}
      </output>
    </div>
  );
}
