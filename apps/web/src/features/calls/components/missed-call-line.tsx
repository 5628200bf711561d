import type { MissedCall } from "@kindred/shared/call-journey";
import { PhoneMissed } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useMissedCallOf, useMissedCallsQuery } from "../api/get-missed-calls";
import { missedAt } from "./missed-call-time";

/** 'Missed call from carol · 12:28' with 'Call back' (a call is started on arrival). */
function MissedCallEntry({ missed, className }: { missed: MissedCall; className?: string }) {
  const when = missedAt(missed.at);
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-xl bg-amber-50 px-3 py-2 text-amber-950 text-sm",
        className,
      )}
    >
      <PhoneMissed className="size-4 shrink-0 text-amber-700" aria-hidden />
      <p className={cn("min-w-0 flex-1", !missed.seen && "font-semibold")}>
        {`Missed call from ${missed.from.username} · `}
        <time dateTime={missed.at}>{when}</time>
      </p>
      <Button asChild size="sm" variant="outline" className="shrink-0 bg-white">
        <Link to={`/call/${missed.matchId}?autoStart=true`} aria-label={`Call back ${missed.from.username}`}>
          Call back
        </Link>
      </Button>
    </div>
  );
}

/** For a match card: the match's missed call, if its latest call is one I missed; else nothing. */
export function MissedCallLine({ matchId, className }: { matchId: number; className?: string }) {
  const missed = useMissedCallOf(matchId);
  return missed ? <MissedCallEntry missed={missed} className={className} /> : null;
}

/** For the top of /chats: every match's missed call, newest first; nothing when there is none. */
export function MissedCallList() {
  const calls = useMissedCallsQuery().data?.calls ?? [];
  if (calls.length === 0) return null;
  return (
    <section aria-label="Missed calls">
      <ul className="flex flex-col gap-2">
        {calls.map((missed) => (
          <li key={missed.callId}>
            <MissedCallEntry missed={missed} />
          </li>
        ))}
      </ul>
    </section>
  );
}
