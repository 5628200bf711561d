import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  setMonth,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { type BirthBounds, clampMonth, isSelectableBirthday, toIsoDay } from "../birth-dates";

const WEEK = { weekStartsOn: 1 } as const;
const MONTHS = Array.from({ length: 12 }, (_, i) => i);

interface BirthdayCalendarProps {
  /** First day of the month on show. */
  month: Date;
  onMonthChange: (month: Date) => void;
  selected: string | null;
  onSelect: (iso: string) => void;
  onChangeYear: () => void;
  bounds: BirthBounds;
}

/** The day calendar after the year grid: future days and days under 21 years ago are disabled. */
export function BirthdayCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  onChangeYear,
  bounds,
}: BirthdayCalendarProps) {
  const days: Date[] = [];
  const last = endOfWeek(endOfMonth(month), WEEK);
  for (let day = startOfWeek(month, WEEK); day <= last; day = addDays(day, 1)) days.push(day);
  const canGoBack = month > startOfMonth(bounds.earliest);
  const canGoForward = month < startOfMonth(bounds.latest);
  const go = (target: Date) => onMonthChange(clampMonth(target, bounds));

  return (
    <div className="rounded-2xl border border-stone-200 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => go(addMonths(month, -1))}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <div className="flex items-center gap-2">
          <Select value={String(month.getMonth())} onValueChange={(m) => go(setMonth(month, Number(m)))}>
            <SelectTrigger aria-label="Month" className="h-9 w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MONTHS.map((m) => (
                <SelectItem key={m} value={String(m)}>
                  {format(new Date(2000, m, 1), "MMMM")}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <button
            type="button"
            onClick={onChangeYear}
            aria-label={`Change year (${month.getFullYear()})`}
            className="h-9 rounded-lg border border-stone-300 px-3 font-medium text-sm text-stone-900 tabular-nums hover:border-rose-300 hover:bg-rose-50"
          >
            {month.getFullYear()}
          </button>
        </div>
        <button
          type="button"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => go(addMonths(month, 1))}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <fieldset aria-label={format(month, "MMMM yyyy")} className="grid grid-cols-7 gap-1 text-center">
        {days.slice(0, 7).map((day) => (
          <span key={format(day, "EEE")} aria-hidden className="pb-1 font-medium text-stone-500 text-xs">
            {format(day, "EEEEEE")}
          </span>
        ))}
        {days.map((day) => {
          const iso = toIsoDay(day);
          const outside = !isSameMonth(day, month);
          const chosen = iso === selected;
          return (
            <button
              key={iso}
              type="button"
              disabled={outside || !isSelectableBirthday(iso)}
              aria-pressed={chosen}
              aria-label={format(day, "EEEE, MMMM d, yyyy")}
              onClick={() => onSelect(iso)}
              className={cn(
                "mx-auto flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 disabled:pointer-events-none disabled:text-stone-300",
                outside && "invisible",
                chosen ? "bg-rose-600 font-semibold text-white shadow-sm" : "text-stone-800 hover:bg-rose-50",
              )}
            >
              {format(day, "d")}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
