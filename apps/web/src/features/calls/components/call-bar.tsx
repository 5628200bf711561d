import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";
import { Mic, MicOff, PhoneOff } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { matchQueryKey } from "@/lib/matches";
import { CALL_ENDED_TOAST } from "../call-errors";
import { callManager } from "../call-manager";
import { formatMmSs, secondsLeft } from "../countdown";
import { useSessionSnapshot } from "../hooks/use-call";

function TimeLeft({ deadlineAt, offsetMs }: { deadlineAt: number; offsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{formatMmSs(secondsLeft(deadlineAt, offsetMs, now))} left</span>;
}

/** A call that ends while its person is on another page says so there (its own page says it itself). */
function useEndedElsewhere(matchId: number | null, pathname: string): void {
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (matchId !== null) last.current = matchId;
    else if (last.current !== null) {
      if (pathname !== `/call/${last.current}`) toast({ title: CALL_ENDED_TOAST.title });
      last.current = null;
    }
  }, [matchId, pathname]);
}

/**
 * The live call, on every page but its own: who, the time left, mute, hang up and the way back. A
 * call goes on while its person looks at something else in the app.
 */
export function CallBar() {
  useSyncExternalStore(callManager.subscribe, callManager.getVersion, callManager.getVersion);
  const live = callManager.live();
  const { pathname } = useLocation();
  const snapshot = useSessionSnapshot(live?.session ?? null);
  const matchId = live?.matchId ?? 0;
  useEndedElsewhere(live?.matchId ?? null, pathname);
  const match = useQuery<Match>({ queryKey: matchQueryKey(matchId), enabled: matchId > 0 });
  if (!live || pathname === `/call/${live.matchId}`) return null;
  const { state } = snapshot;
  const username = match.data?.otherUser.username ?? "your match";
  const status = state.phase === "connected" ? `On call with ${username}` : `Calling ${username}…`;

  return (
    <section
      aria-label="Ongoing call"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-2xl bg-gradient-to-r from-rose-700 to-violet-700 px-4 py-2 text-sm text-white shadow-lg md:bottom-4"
    >
      <p className="min-w-0 flex-1 truncate font-medium">
        {status}
        {state.phase === "connected" && state.deadlineAt !== null ? (
          <>
            {" · "}
            <TimeLeft deadlineAt={state.deadlineAt} offsetMs={state.offsetMs} />
          </>
        ) : null}
      </p>
      {state.phase === "connected" ? (
        <Button
          size="sm"
          variant="secondary"
          className="h-8"
          aria-pressed={state.muted}
          onClick={() => live.session.toggleMute()}
        >
          {state.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />} Mute
        </Button>
      ) : null}
      <Button size="sm" variant="destructive" className="h-8" onClick={() => void live.session.hangUp()}>
        <PhoneOff aria-hidden /> {state.phase === "connected" ? "Hang Up" : "Cancel Call"}
      </Button>
      <Link
        to={`/call/${live.matchId}`}
        className="rounded-md px-2 py-1 font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-white"
      >
        Return to call
      </Link>
    </section>
  );
}
