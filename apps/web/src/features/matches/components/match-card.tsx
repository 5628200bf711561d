import type { Match } from "@kindred/shared/matches";
import { CalendarCheck, Eye, Lock, MapPin, MessageCircle, MessagesSquare, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PersonAvatar } from "@/components/person-avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useCallAllowanceQuery } from "../api/get-call-allowance";
import { AvailabilityIndicator } from "./availability-indicator";
import { formatCallTime } from "./call-time";
import { MatchCardMenu } from "./match-card-menu";
import { UnmatchButton } from "./unmatch-button";

function ActionLink({
  to,
  enabled,
  icon,
  label,
  lockedTitle,
}: {
  to: string;
  enabled: boolean;
  icon: ReactNode;
  label: string;
  lockedTitle: string;
}) {
  if (!enabled) {
    return (
      <Button variant="outline" size="sm" disabled title={lockedTitle} className="h-9">
        <Lock aria-hidden /> {label}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" className="h-9">
      <Link to={to}>
        {icon} {label}
      </Link>
    </Button>
  );
}

function ScheduledBanner({ at }: { at: string }) {
  const { date, time } = formatCallTime(at);
  return (
    <div className="flex items-center gap-3 rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-900">
      <CalendarCheck className="size-4 shrink-0 text-violet-600" aria-hidden />
      <p>
        <span className="font-medium">Call scheduled</span>{" "}
        <time dateTime={at}>
          {date} · {time}
        </time>
      </p>
    </div>
  );
}

/**
 * Call: starts (or joins) the call on the call page. Past the plan's calls per day it is disabled and
 * says so, with when the count starts again (DECISIONS "Plans").
 */
function CallButton({ matchId }: { matchId: number }) {
  const allowance = useCallAllowanceQuery();
  if (allowance.data && allowance.data.remaining <= 0) {
    const { date, time } = formatCallTime(allowance.data.resetsAt);
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled
        title={`You can start another call from ${time} on ${date} (UK time).`}
        className="h-auto min-h-9 whitespace-normal py-1 leading-tight"
      >
        <Phone aria-hidden /> Daily call limit reached
      </Button>
    );
  }
  return (
    <Button asChild variant="gradient" size="sm" className="h-9">
      <Link to={`/call/${matchId}?autoStart=true`}>
        <Phone aria-hidden /> Call
      </Link>
    </Button>
  );
}

/** SPEC §2 match card. The green dot is real presence, pushed over the online-status socket. */
/** `headingLevel`: 2 on /matches, where the cards sit right under the page's h1; 3 under a section's h2. */
export function MatchCard({
  match,
  className,
  headingLevel = 3,
}: {
  match: Match;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const other = match.otherUser;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const facts = [other.age ? `${other.age}` : null, other.location].filter(Boolean).join(" · ");
  return (
    <article
      aria-label={`Match with ${other.username}`}
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      <header className="flex items-start gap-4">
        <PersonAvatar
          person={other}
          revealed={match.arePhotosRevealed}
          online={other.online}
          size="lg"
          raised
        />
        <div className="min-w-0 flex-1">
          <Heading className="truncate font-semibold text-lg text-stone-900">{other.username}</Heading>
          {facts ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-500">
              <MapPin className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{facts}</span>
            </p>
          ) : null}
          <Badge variant="secondary" className="mt-2">
            {`${match.compatibility}% match`}
          </Badge>
        </div>
        <div className="-mt-1 -mr-2 flex items-center">
          <UnmatchButton matchId={match.id} username={other.username} />
          <MatchCardMenu match={match} />
        </div>
      </header>
      {other.bio ? <p className="line-clamp-3 text-sm text-stone-600 leading-relaxed">{other.bio}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {other.communicationStyle ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-rose-50 px-3 py-1.5 text-rose-800 text-xs">
            <MessagesSquare className="size-3.5" aria-hidden />
            {other.communicationStyle}
          </span>
        ) : null}
        <AvailabilityIndicator username={other.username} prefs={other.callPreferences} />
      </div>
      {match.callScheduled && match.scheduledCallTime ? (
        <ScheduledBanner at={match.scheduledCallTime} />
      ) : null}
      <footer className="mt-auto grid grid-cols-3 gap-2 border-stone-100 border-t pt-4">
        {match.callScheduled ? (
          <Button variant="secondary" size="sm" disabled className="h-9">
            <CalendarCheck aria-hidden /> Scheduled
          </Button>
        ) : (
          <CallButton matchId={match.id} />
        )}
        <ActionLink
          to={`/conversation/${match.id}`}
          enabled={match.isChatUnlocked}
          icon={<MessageCircle aria-hidden />}
          label="Chat"
          lockedTitle="Chat unlocks after your second call"
        />
        <ActionLink
          to={`/profile/${other.id}`}
          enabled={match.arePhotosRevealed}
          icon={<Eye aria-hidden />}
          label="View"
          lockedTitle="Available once photos are revealed"
        />
      </footer>
    </article>
  );
}
