import { AlarmClock } from "lucide-react";
import { useEffect, useState } from "react";
import { formatMmSs, inFinalWarning, secondsLeft } from "../countdown";

/** 'Time remaining: mm:ss' to the server's deadline, and the 30-second notice. */
export function CallTimer({
  deadlineAt,
  offsetMs,
  warned,
}: {
  deadlineAt: number | null;
  offsetMs: number;
  warned: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (deadlineAt === null) return null;
  const left = secondsLeft(deadlineAt, offsetMs, now);
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="font-medium text-stone-700 tabular-nums">
        Time remaining: <span data-testid="call-time-remaining">{formatMmSs(left)}</span>
      </p>
      {inFinalWarning(left, warned) ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-full bg-amber-100 px-4 py-1.5 font-semibold text-amber-900 text-sm"
        >
          <AlarmClock className="size-4" aria-hidden /> 30 seconds left
        </p>
      ) : null}
    </div>
  );
}
