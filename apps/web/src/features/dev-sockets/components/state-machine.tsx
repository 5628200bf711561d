import { TIMERS } from "@kindred/shared/constants";
import { cn } from "@/lib/cn";
import type { ConnectionState } from "@/lib/reconnecting-socket";
import { STATE_DOT, StateText } from "./connection-bar";

const s = (ms: number) => `${ms / 1000} s`;

/** SPEC §4 "Connection state" and "Online-status socket": each state and what moves the socket on. */
const STATES: ReadonlyArray<{ state: ConnectionState; meaning: string }> = [
  { state: "disconnected", meaning: "Not started, closed on purpose (1000), or signed out (4401)." },
  { state: "connecting", meaning: "First attempt under way; registers as soon as it opens." },
  {
    state: "connected",
    meaning: `Registered; a heartbeat and a ping every ${s(TIMERS.heartbeatMs)}.`,
  },
  {
    state: "reconnecting",
    meaning: `Dropped (1006, or a restarting server's 1001/1012): retries after 2^n s, at most ${s(TIMERS.reconnectCapMs)}, checking the session first.`,
  },
  { state: "failed", meaning: `An attempt did not open: retries in ${s(TIMERS.failureRetryMs)}.` },
];

export function StateMachine({ state }: { state: ConnectionState }) {
  return (
    <div className="grid gap-3">
      <StateText state={state} />
      <ol aria-label="Connection states" className="grid gap-2 sm:grid-cols-5">
        {STATES.map((step) => {
          const current = step.state === state;
          return (
            <li
              key={step.state}
              aria-current={current ? "step" : undefined}
              className={cn(
                "grid content-start gap-1 rounded-xl border p-3 text-sm",
                current ? "border-rose-400 bg-rose-50 ring-2 ring-rose-200" : "border-stone-200 bg-white",
              )}
            >
              <span className="flex items-center gap-2 font-semibold text-stone-900">
                <span className={cn("size-2 rounded-full", STATE_DOT[step.state])} aria-hidden />
                {step.state}
                {current ? <span className="sr-only"> (current)</span> : null}
              </span>
              <span className="text-stone-600 text-xs">{step.meaning}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
