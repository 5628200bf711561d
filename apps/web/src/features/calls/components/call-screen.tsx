import { NOT_ANSWERED_MESSAGE } from "@kindred/shared/calls";
import type { Match } from "@kindred/shared/matches";
import type { SelfUser } from "@kindred/shared/user";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useCall } from "../hooks/use-call";
import { useCallEnding } from "../hooks/use-call-ending";
import { CallDebug } from "./call-debug";
import { CallLimitsCard } from "./call-limits-card";
import { CallPanel, panelTitle } from "./call-panel";
import { RemoteAudio } from "./remote-audio";

/** After the panel closes: one line on how it went, and the way on. */
function ClosedPanel({ title, lines, onRetry }: { title: string; lines: string[]; onRetry?: () => void }) {
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

/** SPEC §2 call page, once the match has loaded: the panel, the limits and the debug block. */
export function CallScreen({
  match,
  user,
  answerCallId,
  onRetry,
}: {
  match: Match;
  user: SelfUser;
  answerCallId: number | null;
  onRetry: () => void;
}) {
  const call = useCall(match.id, answerCallId);
  const { state } = call;
  const { panelOpen } = useCallEnding(state.phase);
  const username = match.otherUser.username;
  const closedLines = [state.notAnswered ? NOT_ANSWERED_MESSAGE : null, state.error].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <>
      {panelOpen ? (
        <CallPanel state={state} actions={call} username={username} />
      ) : (
        <ClosedPanel
          title={panelTitle(state)}
          lines={closedLines}
          onRetry={state.phase === "error" ? onRetry : undefined}
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
