import { Gauge } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useConnectionStatus, useStatusSocket } from "@/lib/realtime";
import { formatClock } from "../log-entries";
import { StateMachine } from "./state-machine";

/** Re-renders every second while a retry is due, so its countdown moves. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Fact({ children }: { children: string }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 font-medium text-stone-900">{children}</li>
  );
}

/** This page's own online-status socket, as the app holds it: state, round trip, reconnects, next retry. */
export function SocketMetrics() {
  const { state, rttMs, reconnects, retryAt } = useConnectionStatus();
  const socket = useStatusSocket();
  const waiting = retryAt !== null && (state === "reconnecting" || state === "failed");
  const now = useNow(waiting);
  const nextRetry = waiting
    ? `${formatClock(retryAt)} (in ${Math.max(0, Math.ceil((retryAt - now) / 1000))} s)`
    : "None due";

  return (
    <div className="grid gap-4">
      <StateMachine state={state} />
      <ul aria-label="Measurements" className="grid gap-3 sm:grid-cols-3">
        <Fact>{rttMs === null ? "Round trip: not measured yet" : `Round trip: ${rttMs} ms`}</Fact>
        <Fact>{`Reconnects: ${reconnects}`}</Fact>
        <Fact>{`Next retry: ${nextRetry}`}</Fact>
      </ul>
      <div>
        <Button variant="outline" onClick={() => socket?.ping()} disabled={!socket || state !== "connected"}>
          <Gauge aria-hidden /> Measure again
        </Button>
      </div>
    </div>
  );
}
