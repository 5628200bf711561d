import { dailyLimitText } from "@kindred/shared/limits-text";
import { CalendarClock, Phone, PhoneOff, WifiOff } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { DialGate } from "../dial-gate";
import { offlineText } from "../dial-gate";
import { DAILY_LIMIT_TITLE } from "./call-panel";

const PANEL =
  "flex flex-col items-center gap-4 rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm";

/** Before a new call is dialled: still checking, they are offline, or the day's calls are used up. */
export function DialGatePanel({
  gate,
  username,
  onCallAnyway,
  onSchedule,
}: {
  gate: Exclude<DialGate, { kind: "open" }>;
  username: string;
  onCallAnyway: () => void;
  onSchedule: () => void;
}) {
  if (gate.kind === "checking") {
    return (
      <section aria-label="Call" className={PANEL}>
        <h2 className="font-semibold text-2xl text-stone-900">Starting call...</h2>
        <Spinner label="Please wait" />
      </section>
    );
  }
  const offline = gate.kind === "offline";
  const Icon = offline ? WifiOff : PhoneOff;
  return (
    <section aria-label="Call" className={PANEL}>
      <div className="flex size-20 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        <Icon className="size-8" aria-hidden />
      </div>
      <h2 className="font-semibold text-2xl text-stone-900">
        {offline ? offlineText(username) : DAILY_LIMIT_TITLE}
      </h2>
      {offline ? (
        <p className="text-stone-600">It rings on any device where they are signed in.</p>
      ) : (
        <p className="font-medium text-stone-700" data-testid="call-limit">
          {dailyLimitText(gate.allowance)}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {offline ? (
          <Button variant="gradient" onClick={onCallAnyway}>
            <Phone aria-hidden /> Call anyway
          </Button>
        ) : null}
        <Button variant={offline ? "outline" : "gradient"} onClick={onSchedule}>
          <CalendarClock aria-hidden /> Schedule a call
        </Button>
        <Button asChild variant="outline">
          <Link to="/matches">Return to Matches</Link>
        </Button>
      </div>
    </section>
  );
}
