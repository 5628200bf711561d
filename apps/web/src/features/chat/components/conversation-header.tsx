import { scheduledSlotText } from "@kindred/shared/match-schedule";
import type { Match } from "@kindred/shared/matches";
import { ArrowLeft, CalendarCheck, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { JoinCallLink } from "@/components/join-call-link";
import { PersonAvatar } from "@/components/person-avatar";
import { Button } from "@/components/ui/button";
import { useScheduleRefresh } from "@/lib/use-schedule-refresh";
import { callsSummary } from "../chat-copy";

/**
 * The scheduled call, and 'Join call' from 10 minutes before it until 30 minutes after: the server
 * says when that changes, and the match is fetched again then.
 */
function ScheduledCall({ match }: { match: Match }) {
  const { schedule } = match;
  useScheduleRefresh(schedule);
  if (!schedule) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-900">
      <CalendarCheck className="size-4 shrink-0 text-violet-600" aria-hidden />
      <time dateTime={schedule.at} className="flex-1">
        {scheduledSlotText(schedule.at, new Date())}
      </time>
      {schedule.canJoin ? <JoinCallLink matchId={match.id} /> : null}
    </div>
  );
}

/** SPEC §2: back, who (photo only once revealed), how many calls so far, notes, and Call. */
export function ConversationHeader({ match, notes }: { match: Match; notes?: ReactNode }) {
  const other = match.otherUser;
  return (
    <header className="flex flex-col gap-3 border-stone-200 border-b p-4">
      <div className="flex items-center gap-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2">
          <Link to="/chats" aria-label="Back to chats">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <PersonAvatar person={other} revealed={match.arePhotosRevealed} online={other.online} size="md" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-stone-900 text-xl">{other.username}</h1>
          <p className="text-sm text-stone-500">{callsSummary(match.callCount)}</p>
        </div>
        <div className="flex items-center gap-2">
          {notes}
          {/* Icon only on a phone, where the name needs the room. */}
          <Button asChild variant="gradient" size="sm" className="size-9 px-0 sm:w-auto sm:px-3">
            <Link to={`/call/${match.id}?autoStart=true`}>
              <Phone aria-hidden /> <span className="sr-only sm:not-sr-only">Call</span>
            </Link>
          </Button>
        </div>
      </div>
      <ScheduledCall match={match} />
    </header>
  );
}
