import { formatTime12, londonClock } from "@kindred/shared/availability";
import { SCHEDULE_HORIZON_DAYS } from "@kindred/shared/constants";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { SCHEDULE_TIMES } from "@kindred/shared/match-schedule";
import { CalendarClock } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { RadioGroup, RadioGroupChip } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { useScheduleCallMutation } from "../api/schedule-call";
import { formatCallTime } from "./call-time";

const BOTH_REQUIRED = "Scheduling needs both a date and a time";

/** A slot is over once its London wall-clock time has passed (the server refuses it too). */
function isPast(date: string, time: string, now: Date): boolean {
  const at = londonWallTimeToInstant(date, time);
  return !at || at.getTime() <= now.getTime();
}

/**
 * SPEC §2 schedule-call dialog: a day (no past days, none beyond the 90-day horizon) and an hourly
 * slot, 9:00 to 20:00, UK time. The slot is a proposal the other person may accept; `another`: they
 * proposed one already, and this proposes another in its place.
 */
export function ScheduleCallDialog({
  matchId,
  username,
  open,
  onOpenChange,
  another = false,
}: {
  matchId: number;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  another?: boolean;
}) {
  const id = useId();
  const [date, setDate] = useState<string>();
  const [time, setTime] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const mutation = useScheduleCallMutation();
  const now = new Date();
  const today = londonClock(now).date;
  // The last day every slot of which is within the server's horizon.
  const lastDay = londonClock(new Date(now.getTime() + (SCHEDULE_HORIZON_DAYS - 1) * 86_400_000)).date;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setDate(undefined);
      setTime(undefined);
      setError(null);
    }
  };

  const submit = () => {
    if (!date || !time) {
      setError(BOTH_REQUIRED);
      return;
    }
    mutation.mutate(
      { matchId, input: { date, time } },
      {
        onSuccess: (match) => {
          close(false);
          const when = match.scheduledCallTime ? formatCallTime(match.scheduledCallTime) : null;
          toast({
            title: another ? "New time proposed" : "Call scheduled",
            description: when
              ? `${when.date} at ${when.time} with ${username}, who can accept it or propose another time`
              : undefined,
          });
        },
        onError: (err) =>
          toast({
            title: "Failed to schedule call",
            description: errorDetail(err, "An unexpected error occurred"),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarClock className="size-5 text-rose-700" aria-hidden />
            {another ? `Propose another time to ${username}` : `Schedule a call with ${username}`}
          </DialogTitle>
          <DialogDescription>
            {`Pick a day and a time; ${username} can accept it or propose another. Times are UK time (Europe/London).`}
          </DialogDescription>
        </DialogHeader>
        <section aria-label="Date" className="rounded-xl border border-stone-200 p-3">
          <Calendar
            selected={date}
            defaultMonth={today}
            fromMonth={today}
            isDisabled={(day) => day < today || day > lastDay}
            onSelect={(day) => {
              setDate(day);
              setError(null);
              if (time && isPast(day, time, new Date())) setTime(undefined);
            }}
          />
        </section>
        <div className="grid gap-2">
          <p id={`${id}-time`} className="font-medium text-sm text-stone-800">
            Time
          </p>
          <RadioGroup
            aria-labelledby={`${id}-time`}
            value={time ?? ""}
            onValueChange={(value) => {
              setTime(value);
              setError(null);
            }}
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          >
            {SCHEDULE_TIMES.map((slot) => (
              <RadioGroupChip
                key={slot}
                value={slot}
                disabled={date !== undefined && isPast(date, slot, now)}
                className="h-9 px-2"
              >
                {formatTime12(slot)}
              </RadioGroupChip>
            ))}
          </RadioGroup>
        </div>
        {error ? (
          <p role="alert" className="text-red-600 text-sm">
            {error}
          </p>
        ) : null}
        {/* On a phone the dialog scrolls: its buttons stay in view, side by side, at its foot. */}
        <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 flex-row border-stone-100 border-t bg-white px-6 py-4 [&>button]:flex-1 sm:[&>button]:flex-none">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant="gradient" onClick={submit} disabled={mutation.isPending}>
            {mutation.isPending ? "Scheduling..." : another ? "Propose Time" : "Schedule Call"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
