import {
  type Availability,
  availabilityLabel,
  availabilityOf,
  DEFAULT_CALL_PREFERENCES,
  describePreferences,
  FLEXIBLE_TIMING_TEXT,
  formatTime12,
} from "@kindred/shared/availability";
import type { CallPreferences, TimeSlot } from "@kindred/shared/user";
import { Clock } from "lucide-react";
import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

const DOT: Record<Availability["kind"], string> = {
  now: "bg-emerald-500",
  anytime: "bg-emerald-500",
  soon: "bg-amber-400",
  unavailable: "bg-stone-400",
  summary: "bg-sky-400",
};

function slotsText(slots: readonly TimeSlot[]): string {
  if (slots.length === 0) return "No set times";
  return slots.map((s) => `${formatTime12(s.start)} – ${formatTime12(s.end)}`).join(", ");
}

function capitalise(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

function Details({ prefs }: { prefs: CallPreferences | null }) {
  const effective = prefs ?? DEFAULT_CALL_PREFERENCES;
  const summary = describePreferences(prefs);
  if (summary === FLEXIBLE_TIMING_TEXT) {
    return <p className="rounded-xl bg-emerald-50 p-4 text-emerald-900 text-sm">{FLEXIBLE_TIMING_TEXT}</p>;
  }
  const rows = [
    ["Weekdays", slotsText(effective.weekdays)],
    ["Weekends", slotsText(effective.weekends)],
    [
      "Not available",
      effective.notAvailable.length ? effective.notAvailable.map(capitalise).join(", ") : "—",
    ],
  ] as const;
  return (
    <dl className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {rows.map(([term, text]) => (
        <div key={term} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
          <dt className="font-medium text-stone-700">{term}</dt>
          <dd className="text-right text-stone-600">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** SPEC §4 availability indicator: a one-line status that opens the person's call times. */
export function AvailabilityIndicator({
  username,
  prefs,
  className,
}: {
  username: string;
  prefs: CallPreferences | null;
  className?: string;
}) {
  const [now, setNow] = useState(() => new Date());
  const availability = availabilityOf(prefs, now);
  const label = availabilityLabel(availability);
  return (
    <Dialog onOpenChange={(open) => open && setNow(new Date())}>
      <DialogTrigger
        className={cn(
          "inline-flex max-w-full items-center gap-2 rounded-full bg-stone-50 px-3 py-1.5 text-left text-stone-700 text-xs ring-1 ring-stone-200 transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400",
          className,
        )}
        aria-label={`Availability of ${username}: ${label}`}
      >
        <span aria-hidden className={cn("size-2 shrink-0 rounded-full", DOT[availability.kind])} />
        <span className="truncate">{label}</span>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Clock className="size-5 text-rose-700" aria-hidden />
            {`${username}'s call times`}
          </DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <Details prefs={prefs} />
        <p className="text-stone-500 text-xs">
          Times are UK time (Europe/London).
          {prefs ? "" : " No call times set yet, so the usual 9:00 AM – 9:00 PM is shown."}
        </p>
      </DialogContent>
    </Dialog>
  );
}
