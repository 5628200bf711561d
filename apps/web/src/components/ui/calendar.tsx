import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parse,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

// Days are plain calendar dates ("yyyy-MM-dd"), never instants: the grid does calendar arithmetic in
// the browser's local time and callers decide which zone "today" belongs to.

const ISO = "yyyy-MM-dd";
const WEEK = { weekStartsOn: 1 } as const;

function toDate(iso: string): Date {
  return parse(iso, ISO, new Date());
}

export interface CalendarProps {
  /** The chosen day, "yyyy-MM-dd". */
  selected?: string;
  onSelect: (day: string) => void;
  /** Days the person may not pick. */
  isDisabled?: (day: string) => boolean;
  /** The month shown first (any day in it), "yyyy-MM-dd"; defaults to the selected day or today. */
  defaultMonth?: string;
  /** Months before this one ("yyyy-MM-dd", any day in it) cannot be shown. */
  fromMonth?: string;
  className?: string;
}

/** A month grid, Monday first, with previous / next month buttons. */
export function Calendar({
  selected,
  onSelect,
  isDisabled,
  defaultMonth,
  fromMonth,
  className,
}: CalendarProps) {
  const [month, setMonth] = useState(() =>
    startOfMonth(toDate(defaultMonth ?? selected ?? format(new Date(), ISO))),
  );
  const first = startOfWeek(startOfMonth(month), WEEK);
  const last = endOfWeek(endOfMonth(month), WEEK);
  const days: Date[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  const canGoBack = !fromMonth || month > startOfMonth(toDate(fromMonth));

  return (
    <div className={cn("w-full select-none", className)}>
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => setMonth((m) => addMonths(m, -1))}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <p className="font-semibold text-sm text-stone-900" aria-live="polite">
          {format(month, "MMMM yyyy")}
        </p>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => setMonth((m) => addMonths(m, 1))}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center">
        {days.slice(0, 7).map((day) => (
          <span key={format(day, "EEE")} className="pb-1 font-medium text-stone-500 text-xs" aria-hidden>
            {format(day, "EEEEEE")}
          </span>
        ))}
        {days.map((day) => {
          const iso = format(day, ISO);
          const outside = !isSameMonth(day, month);
          const disabled = outside || (isDisabled?.(iso) ?? false);
          const chosen = iso === selected;
          return (
            <button
              key={iso}
              type="button"
              disabled={disabled}
              aria-pressed={chosen}
              aria-label={format(day, "EEEE, MMMM d, yyyy")}
              onClick={() => onSelect(iso)}
              className={cn(
                "flex aspect-square items-center justify-center rounded-full text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400",
                outside && "invisible",
                !chosen && "text-stone-800 hover:bg-rose-50 hover:text-rose-700",
                chosen && "bg-rose-600 font-semibold text-white shadow-sm",
                disabled && "pointer-events-none text-stone-300",
              )}
            >
              {format(day, "d")}
            </button>
          );
        })}
      </div>
    </div>
  );
}
