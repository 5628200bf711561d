import type { Match } from "@kindred/shared/matches";
import { RadioGroup, RadioGroupChip } from "@/components/ui/radio-group";

export const MATCH_FILTERS = [
  { value: "all", label: "All", test: () => true },
  { value: "active", label: "Active", test: (m: Match) => m.status === "active" },
  { value: "scheduled", label: "Call Scheduled", test: (m: Match) => m.callScheduled },
  { value: "chat", label: "Chat Unlocked", test: (m: Match) => m.isChatUnlocked },
  { value: "revealed", label: "Photos Revealed", test: (m: Match) => m.arePhotosRevealed },
] as const;

export type MatchFilterValue = (typeof MATCH_FILTERS)[number]["value"];

export function isMatchFilter(value: string | null): value is MatchFilterValue {
  return MATCH_FILTERS.some((f) => f.value === value);
}

export function filterMatches(matches: readonly Match[], filter: MatchFilterValue): Match[] {
  const test = MATCH_FILTERS.find((f) => f.value === filter)?.test ?? (() => true);
  return matches.filter((m) => test(m));
}

/** The filter row: one chip per view, each with how many matches it holds. */
export function MatchFilter({
  matches,
  value,
  onChange,
}: {
  matches: readonly Match[];
  value: MatchFilterValue;
  onChange: (value: MatchFilterValue) => void;
}) {
  return (
    <RadioGroup
      aria-label="Filter matches"
      value={value}
      onValueChange={(next) => isMatchFilter(next) && onChange(next)}
      orientation="horizontal"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {MATCH_FILTERS.map((f) => (
        <RadioGroupChip key={f.value} value={f.value} className="h-9 shrink-0 gap-2 px-4">
          {f.label}
          <span className="rounded-full bg-black/5 px-1.5 text-xs tabular-nums" aria-hidden>
            {filterMatches(matches, f.value).length}
          </span>
        </RadioGroupChip>
      ))}
    </RadioGroup>
  );
}
