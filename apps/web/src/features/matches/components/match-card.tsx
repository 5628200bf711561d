import type { Match } from "@kindred/shared/matches";
import { MapPin, MessagesSquare, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { PersonAvatar } from "@/components/person-avatar";
import { Badge } from "@/components/ui/badge";
import { voiceIntroSrc } from "@/components/voice-audio";
import { VoicePlayer } from "@/components/voice-player";
import { cn } from "@/lib/cn";
import { AvailabilityIndicator } from "./availability-indicator";
import { MatchCardActions } from "./match-card-actions";
import { MatchCardMenu } from "./match-card-menu";
import { MatchCardSchedule } from "./match-card-schedule";
import { UnmatchButton } from "./unmatch-button";

/** SPEC §2 match card. The green dot is real presence, pushed over the online-status socket. */
/**
 * `headingLevel`: 2 on /matches, where the cards sit right under the page's h1; 3 under a section's h2.
 * `cardExtras`: what other features add to the card (the route composes them), shown above the footer.
 */
export function MatchCard({
  match,
  className,
  headingLevel = 3,
  cardExtras,
}: {
  match: Match;
  className?: string;
  headingLevel?: 2 | 3;
  cardExtras?: (match: Match) => ReactNode;
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
      {other.voiceIntro ? (
        <VoicePlayer
          src={voiceIntroSrc(other.voiceIntro)}
          durationMs={other.voiceIntro.durationMs}
          peaks={other.voiceIntro.peaks}
          subject={`${other.username}'s voice intro`}
          className="rounded-2xl bg-stone-50 p-2 pr-3"
        />
      ) : null}
      {match.commonGround.length > 0 ? (
        <p className="flex items-start gap-1.5 text-sm text-violet-900">
          <Sparkles className="mt-0.5 size-3.5 shrink-0 text-violet-500" aria-hidden />
          <span>{`You both value ${match.commonGround.join(" · ")}`}</span>
        </p>
      ) : null}
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
      <MatchCardSchedule match={match} />
      {cardExtras?.(match)}
      <MatchCardActions match={match} />
    </article>
  );
}
