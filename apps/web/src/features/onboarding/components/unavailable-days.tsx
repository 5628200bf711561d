import { DAY_NAMES, type DayName } from "@kindred/shared/options";
import { Toggle } from "radix-ui";

interface UnavailableDaysProps {
  days: readonly DayName[];
  onChange: (days: DayName[]) => void;
}

const label = (day: DayName) => day.charAt(0).toUpperCase() + day.slice(1);

/** Toggles for the days someone never takes calls (monday to sunday). */
export function UnavailableDays({ days, onChange }: UnavailableDaysProps) {
  const toggle = (day: DayName, on: boolean) => {
    const next = new Set(days);
    if (on) next.add(day);
    else next.delete(day);
    onChange(DAY_NAMES.filter((d) => next.has(d)));
  };
  return (
    <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold text-sm text-stone-900">Unavailable days</legend>
      <div className="flex flex-wrap gap-2">
        {DAY_NAMES.map((day) => (
          <Toggle.Root
            key={day}
            pressed={days.includes(day)}
            onPressedChange={(on) => toggle(day, on)}
            className="h-9 rounded-full border border-stone-300 bg-white px-3.5 font-medium text-sm text-stone-700 transition hover:border-rose-300 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 data-[state=on]:border-stone-800 data-[state=on]:bg-stone-800 data-[state=on]:text-white data-[state=on]:line-through"
          >
            {label(day)}
          </Toggle.Root>
        ))}
      </div>
    </fieldset>
  );
}
