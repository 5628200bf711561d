import { scheduledSlotText } from "@kindred/shared/match-schedule";
import type { Match } from "@kindred/shared/matches";
import { CalendarCheck, CalendarClock, Check, X } from "lucide-react";
import { useState } from "react";
import { JoinCallLink } from "@/components/join-call-link";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { useScheduleRefresh } from "@/lib/use-schedule-refresh";
import { useAcceptScheduleMutation, useCancelScheduleMutation } from "../api/schedule-call";
import { LazyScheduleCallDialog } from "./lazy-dialogs";

/** Where the proposal stands, from the viewer's side. */
function standing(match: Match): string {
  const { schedule, otherUser } = match;
  if (!schedule) return "";
  if (schedule.accepted) {
    return schedule.proposedBy === "me" ? `${otherUser.username} accepted` : "You accepted";
  }
  return schedule.proposedBy === "me"
    ? `Waiting for ${otherUser.username} to accept`
    : `${otherUser.username} proposed this time`;
}

/**
 * The card's scheduled call (DECISIONS "Scheduling"), beside the footer's Call, never instead of it:
 * 'Scheduled: Fri 10:00 AM (UK time)', where the proposal stands, Accept and 'Propose another time'
 * for the person it was proposed to, Cancel for both, and 'Join call' from 10 minutes before the slot
 * until 30 minutes after (the server decides when).
 */
export function MatchCardSchedule({ match }: { match: Match }) {
  const { schedule } = match;
  const username = match.otherUser.username;
  const [proposing, setProposing] = useState(false);
  const accept = useAcceptScheduleMutation();
  const cancel = useCancelScheduleMutation();
  useScheduleRefresh(schedule);
  if (!schedule) return null;

  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorDetail(err, "An unexpected error occurred"), variant: "destructive" });
  const onAccept = () =>
    accept.mutate(
      { matchId: match.id, at: schedule.at },
      {
        onSuccess: () => toast({ title: "Call time accepted" }),
        onError: failed("Could not accept the time"),
      },
    );
  const onCancel = () =>
    cancel.mutate(
      { matchId: match.id },
      {
        onSuccess: () => toast({ title: "Scheduled call cancelled" }),
        onError: failed("Could not cancel the call"),
      },
    );
  const theirs = schedule.proposedBy === "them" && !schedule.accepted;

  return (
    <section
      aria-label={`Scheduled call with ${username}`}
      className="grid gap-2 rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-900"
    >
      <div className="flex items-start gap-3">
        <CalendarCheck className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden />
        <p className="grid">
          <time dateTime={schedule.at} className="font-medium">
            {scheduledSlotText(schedule.at, new Date())}
          </time>
          <span className="text-violet-800 text-xs">{standing(match)}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {schedule.canJoin ? <JoinCallLink matchId={match.id} /> : null}
        {theirs ? (
          <>
            <Button
              size="sm"
              variant="outline"
              className="h-8"
              onClick={onAccept}
              disabled={accept.isPending}
            >
              <Check aria-hidden /> Accept
            </Button>
            <Button size="sm" variant="outline" className="h-8" onClick={() => setProposing(true)}>
              <CalendarClock aria-hidden /> Propose another time
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="h-8 text-violet-900 hover:bg-violet-100"
          onClick={onCancel}
          disabled={cancel.isPending}
          aria-label={`Cancel the call with ${username}`}
        >
          <X aria-hidden /> Cancel
        </Button>
      </div>
      <LazyScheduleCallDialog
        matchId={match.id}
        username={username}
        open={proposing}
        onOpenChange={setProposing}
        another
      />
    </section>
  );
}
