import { scheduledSlotText, scheduleRefreshDelayMs } from "@kindred/shared/match-schedule";
import type { Match } from "@kindred/shared/matches";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { matchesQueryKey } from "@/lib/matches";

/**
 * 'Join call' on the home dashboard for each scheduled call whose window is open (10 minutes before
 * its slot until 30 minutes after), whichever match cards the page shows. The server says when a
 * window opens or closes; the matches are fetched again then.
 */
export function JoinCallBanner() {
  const queryClient = useQueryClient();
  const { data: matches } = useQuery<Match[], Error>({ queryKey: matchesQueryKey });
  const delays = (matches ?? []).flatMap((m) => (m.schedule ? [scheduleRefreshDelayMs(m.schedule)] : []));
  const next = delays.length > 0 ? Math.min(...delays) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: matchesQueryKey }), next);
    return () => clearTimeout(timer);
  }, [next, queryClient]);

  const joinable = (matches ?? []).filter((m) => m.schedule?.canJoin);
  if (joinable.length === 0) return null;
  return (
    <section aria-label="Calls to join" className="grid gap-2">
      {joinable.map((match) => (
        <div
          key={match.id}
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-violet-200 bg-violet-50 px-4 py-3 text-violet-900"
        >
          <Phone className="size-5 shrink-0 text-violet-600" aria-hidden />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">{`Your call with ${match.otherUser.username}`}</span>{" "}
            <span className="text-sm">
              {match.schedule
                ? scheduledSlotText(match.schedule.at, new Date()).replace(/^Scheduled: /, "· ")
                : ""}
            </span>
          </p>
          <Button asChild variant="gradient" size="sm">
            <Link
              to={`/call/${match.id}?autoStart=true`}
              aria-label={`Join call with ${match.otherUser.username}`}
            >
              Join call
            </Link>
          </Button>
        </div>
      ))}
    </section>
  );
}
