import { ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { cn } from "@/lib/cn";
import { yearPageOf, yearPages } from "../birth-dates";

interface BirthYearGridProps {
  selectedYear: number | null;
  latestYear: number;
  /** Years before this one hold no selectable birthday: the grid starts here. */
  earliestYear: number;
  onSelect: (year: number) => void;
}

/** SPEC §2: a grid of years up to the year 21 years ago, at most 24 to a page (see birth-dates.ts). */
export function BirthYearGrid({ selectedYear, latestYear, earliestYear, onSelect }: BirthYearGridProps) {
  const pages = useMemo(() => yearPages(earliestYear, latestYear), [earliestYear, latestYear]);
  const lastPage = pages.length - 1;
  const [page, setPage] = useState(() => yearPageOf(pages, selectedYear ?? latestYear));
  const years = pages[Math.min(page, lastPage)] ?? [];

  return (
    <div className="rounded-2xl border border-stone-200 p-4">
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          aria-label="Earlier years"
          disabled={page === 0}
          onClick={() => setPage((p) => p - 1)}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <p className="font-semibold text-sm text-stone-900" aria-live="polite">
          {years[0]} – {years.at(-1)}
        </p>
        <button
          type="button"
          aria-label="Later years"
          disabled={page >= lastPage}
          onClick={() => setPage((p) => p + 1)}
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <fieldset aria-label="Birth year" className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {years.map((year) => (
          <button
            key={year}
            type="button"
            disabled={year < earliestYear}
            aria-pressed={year === selectedYear}
            onClick={() => onSelect(year)}
            className={cn(
              "h-10 rounded-lg font-medium text-sm text-stone-700 tabular-nums transition hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 disabled:pointer-events-none disabled:text-stone-300",
              year === selectedYear && "bg-rose-600 text-white hover:bg-rose-600 hover:text-white",
            )}
          >
            {year}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
