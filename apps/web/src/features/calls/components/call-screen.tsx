import type { CallAllowance } from "@kindred/shared/calls";
import { dailyLimitReached, dailyLimitText } from "@kindred/shared/limits-text";
import type { Match } from "@kindred/shared/matches";
import type { SelfUser } from "@kindred/shared/user";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { callEnding } from "../call-state";
import { useCall } from "../hooks/use-call";
import { useCallEnding } from "../hooks/use-call-ending";
import { usePeerDrop } from "../hooks/use-peer-drop";
import { CallDebug } from "./call-debug";
import { endedLine, NextStepButtons, type NextSteps } from "./call-ended";
import { CallLimitsCard } from "./call-limits-card";
import { CallPanel, type CallReading, panelTitle } from "./call-panel";
import { RemoteAudio } from "./remote-audio";

/** After the panel closes: one line on how it went, and the way on. */
function ClosedPanel({
  title,
  lines,
  onRetry,
  nextSteps,
}: {
  title: string;
  lines: string[];
  onRetry?: () => void;
  nextSteps?: ReactNode;
}) {
  return (
    <section
      aria-label="Call"
      className="flex flex-col items-center gap-3 rounded-3xl bg-stone-50 p-6 text-center"
    >
      <h2 className="font-semibold text-lg text-stone-900">{title}</h2>
      {lines.map((line) => (
        <p key={line} className="text-stone-600">
          {line}
        </p>
      ))}
      <div className="flex flex-wrap justify-center gap-3">
        {nextSteps}
        {onRetry ? (
          <Button variant="gradient" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/matches">Return to Matches</Link>
        </Button>
      </div>
    </section>
  );
}

/** The day's allowance, re-read when a call was refused over it (the ending hook refreshes it too). */
function useLimitText(limitReached: boolean): string | null {
  const allowance = useQuery<CallAllowance, Error>({
    queryKey: ["/api/calls/allowance"],
    enabled: limitReached,
  });
  if (!limitReached || !allowance.data) return null;
  return dailyLimitReached(allowance.data) ? dailyLimitText(allowance.data) : null;
}

/** SPEC §2 call page, once the match has loaded: the panel, the limits and the debug block. */
export function CallScreen({
  match,
  user,
  attempt,
  onRetry,
  onSchedule,
  holdEnding = false,
}: {
  match: Match;
  user: SelfUser;
  /** Try Again (and Call back) counts up: each attempt is a new call. */
  attempt: number;
  onRetry: () => void;
  /** Opens the schedule dialog, which the page holds outside the panel. */
  onSchedule: () => void;
  /** The schedule dialog is open: the ended call's redirect waits for it. */
  holdEnding?: boolean;
}) {
  const call = useCall(match.id, attempt);
  const { state } = call;
  const drop = usePeerDrop(state, match.otherUser.online);
  const reading: CallReading = {
    ending: callEnding(state, drop.seen),
    drop,
    limitText: useLimitText(state.limitReached),
  };
  // While the person picks a slot, the ended call neither closes nor redirects (it is never blocking:
  // closing the dialog lets it go on).
  const { panelOpen } = useCallEnding(holdEnding ? "connected" : state.phase);
  const username = match.otherUser.username;
  const next: NextSteps = { callBack: onRetry, schedule: onSchedule };
  const closedLines = [
    state.phase === "ended" ? endedLine(state, reading.ending) : null,
    state.limitReached ? (reading.limitText ?? state.error) : state.error,
  ].filter((line): line is string => Boolean(line));
  return (
    <>
      {panelOpen ? (
        <CallPanel
          state={state}
          actions={call}
          username={username}
          peerMuted={call.peerMuted}
          quality={call.quality}
          localStream={call.localStream}
          remoteStream={call.remoteStream}
          cast={{
            you: user,
            them: match.otherUser,
            revealed: match.arePhotosRevealed,
            lengthSeconds: call.call?.lengthSeconds ?? null,
          }}
          reading={reading}
          next={next}
        />
      ) : (
        <ClosedPanel
          title={panelTitle(state, reading, username)}
          lines={closedLines}
          onRetry={state.phase === "error" && !state.limitReached ? onRetry : undefined}
          nextSteps={state.phase === "ended" ? <NextStepButtons ending={reading.ending} next={next} /> : null}
        />
      )}
      <RemoteAudio stream={call.remoteStream} />
      <CallLimitsCard match={match} callerPlan={state.role === "receiver" ? null : user.profileType} />
      <CallDebug
        match={match}
        user={user}
        callDay={call.call?.callDay ?? match.callCount + 1}
        callId={call.call?.id ?? null}
      />
    </>
  );
}
