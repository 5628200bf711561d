import { useEffect, useState } from "react";
import { secondsLeft } from "../countdown";

/** m:ss, as a person says a call's length ('2:10 of 5:00'). */
function mSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * How far into the call we are, elapsed of its whole length: the same server clock as CallTimer
 * (deadlineAt corrected by offsetMs), so the bar and 'Time remaining' always agree to the second.
 */
export function CallProgress({
  deadlineAt,
  offsetMs,
  lengthSeconds,
}: {
  deadlineAt: number | null;
  offsetMs: number;
  /** The call's whole length (the server's, time scale applied). */
  lengthSeconds: number | null;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (deadlineAt === null || !lengthSeconds || lengthSeconds <= 0) return null;
  const elapsed = Math.min(
    lengthSeconds,
    Math.max(0, lengthSeconds - secondsLeft(deadlineAt, offsetMs, now)),
  );
  // The bar moves between whole seconds too (a 250 ms step); what is read out stays in whole seconds.
  const leftMs = Math.max(0, deadlineAt - (now + offsetMs));
  const fraction = Math.min(1, Math.max(0, 1 - leftMs / (lengthSeconds * 1000)));
  return (
    <div
      role="progressbar"
      aria-label="Call progress"
      aria-valuemin={0}
      aria-valuemax={lengthSeconds}
      aria-valuenow={elapsed}
      aria-valuetext={`${mSs(elapsed)} of ${mSs(lengthSeconds)}`}
      className="h-2 w-56 overflow-hidden rounded-full bg-stone-200"
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-rose-500 to-violet-600"
        style={{ width: `${(fraction * 100).toFixed(2)}%` }}
      />
    </div>
  );
}
