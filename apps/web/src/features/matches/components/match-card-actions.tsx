import { dailyLimitReached, dailyLimitText, unlockProgressText } from "@kindred/shared/limits-text";
import type { Match } from "@kindred/shared/matches";
import { Eye, Lock, MessageCircle, Phone } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useCallAllowanceQuery } from "../api/get-call-allowance";

// A locked action stays focusable (aria-disabled, not disabled) and is described by the visible line
// under the buttons that says why: never only a title tooltip (issue 27 §7).
const LOCKED = "h-9 cursor-not-allowed border-stone-200 bg-stone-50 text-stone-500 hover:bg-stone-50";

function LockedButton({ label, describedBy }: { label: string; describedBy: string | undefined }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-disabled="true"
      aria-describedby={describedBy}
      className={LOCKED}
      onClick={(event) => event.preventDefault()}
    >
      <Lock aria-hidden /> {label}
    </Button>
  );
}

function ActionLink({
  to,
  enabled,
  icon,
  label,
  describedBy,
}: {
  to: string;
  enabled: boolean;
  icon: ReactNode;
  label: string;
  describedBy: string | undefined;
}) {
  if (!enabled) return <LockedButton label={label} describedBy={describedBy} />;
  return (
    <Button asChild variant="outline" size="sm" className="h-9">
      <Link to={to}>
        {icon} {label}
      </Link>
    </Button>
  );
}

/**
 * The card's footer: Call, Chat and View, then in words why any of them is locked: the day's calls
 * used up ('2 of 2 calls today · next from midnight', DECISIONS "Plans") and the calls until the next
 * unlock ('1 more call until chat'). A schedule never blocks calling (DECISIONS "Scheduling"): Call
 * stays here whatever the schedule; the card's schedule block shows the slot and 'Join call'.
 */
export function MatchCardActions({ match }: { match: Match }) {
  const allowance = useCallAllowanceQuery();
  const limitId = useId();
  const progressId = useId();
  const limited = allowance.data ? dailyLimitReached(allowance.data) : false;
  const progress = unlockProgressText(match);
  return (
    <footer className="mt-auto grid gap-2 border-stone-100 border-t pt-4">
      <div className="grid grid-cols-3 gap-2">
        {limited ? (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled="true"
            aria-describedby={limitId}
            className="h-9 cursor-not-allowed bg-stone-100 text-stone-600 hover:bg-stone-100"
            onClick={(event) => event.preventDefault()}
          >
            <Phone aria-hidden /> Call
          </Button>
        ) : (
          <Button asChild variant="gradient" size="sm" className="h-9">
            <Link to={`/call/${match.id}?autoStart=true`}>
              <Phone aria-hidden /> Call
            </Link>
          </Button>
        )}
        <ActionLink
          to={`/conversation/${match.id}`}
          enabled={match.isChatUnlocked}
          icon={<MessageCircle aria-hidden />}
          label="Chat"
          describedBy={progress ? progressId : undefined}
        />
        <ActionLink
          to={`/profile/${match.otherUser.id}`}
          enabled={match.arePhotosRevealed}
          icon={<Eye aria-hidden />}
          label="View"
          describedBy={progress ? progressId : undefined}
        />
      </div>
      {(limited && allowance.data) || progress ? (
        <div className="grid gap-0.5 text-stone-600 text-xs">
          {limited && allowance.data ? <p id={limitId}>{dailyLimitText(allowance.data)}</p> : null}
          {progress ? <p id={progressId}>{progress}</p> : null}
        </div>
      ) : null}
    </footer>
  );
}
