import { NOT_ANSWERED_MESSAGE } from "@kindred/shared/calls";
import { Mic, MicOff, Phone, PhoneIncoming, PhoneOff } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { CALL_FAILED_TEXT, MIC_BLOCKED_HELP } from "../call-errors";
import type { CallState } from "../call-state";
import { CallTimer } from "./call-timer";

export interface CallActions {
  answer: () => void;
  reject: () => void;
  hangUp: () => void;
  toggleMute: () => void;
}

const ANSWERED_ELSEWHERE = "You answered this call in another tab.";

/** A call that rang here but was picked up somewhere else. */
function answeredElsewhere(state: CallState): boolean {
  return state.stage === "incoming" && state.status !== "pending" && !state.hungUp;
}

/** The title of each SPEC §2 panel state. */
export function panelTitle(state: CallState): string {
  switch (state.phase) {
    case "idle":
      return "Starting call...";
    case "connecting":
      return "Connecting...";
    case "ringing":
      return state.role === "receiver" ? "Incoming Call" : "Calling...";
    case "connected":
      return "On Call";
    case "ended":
      return "Call Ended";
    case "error":
      return "Call Failed";
  }
}

function ReturnButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/matches">Return to Matches</Link>
    </Button>
  );
}

function Lines({ state, username }: { state: CallState; username: string }): ReactNode {
  switch (state.phase) {
    case "idle":
    case "connecting":
      return <Spinner label="Please wait" />;
    case "ringing":
      return (
        <p className="text-stone-600">
          {state.role === "receiver" ? `${username} is calling you.` : `Waiting for ${username} to answer.`}
        </p>
      );
    case "connected":
      return (
        <>
          <p className="text-stone-600">{`You're talking with ${username}.`}</p>
          <CallTimer deadlineAt={state.deadlineAt} offsetMs={state.offsetMs} warned={state.warned} />
          {state.mediaConnected ? null : <p className="text-sm text-stone-500">Reconnecting audio...</p>}
          {state.muted ? <p className="text-sm text-stone-500">Your microphone is muted.</p> : null}
        </>
      );
    case "ended":
      if (state.notAnswered) return <p className="font-medium text-stone-700">{NOT_ANSWERED_MESSAGE}</p>;
      return answeredElsewhere(state) ? <p className="text-stone-600">{ANSWERED_ELSEWHERE}</p> : null;
    case "error":
      return (
        <>
          {state.limitReached ? null : <p className="text-stone-600">{CALL_FAILED_TEXT}</p>}
          <p className="font-medium text-red-700" data-testid="call-error">
            {state.error}
          </p>
          {state.micBlocked ? <p className="text-sm text-stone-600">{MIC_BLOCKED_HELP}</p> : null}
        </>
      );
  }
}

function Buttons({ state, actions }: { state: CallState; actions: CallActions }): ReactNode {
  const { phase, role } = state;
  if (phase === "ringing" && role === "receiver") {
    return (
      <>
        <Button variant="gradient" onClick={actions.answer}>
          <PhoneIncoming aria-hidden /> Answer
        </Button>
        <Button variant="destructive" onClick={actions.reject}>
          <PhoneOff aria-hidden /> Reject
        </Button>
      </>
    );
  }
  if (phase === "connecting" || phase === "ringing") {
    return (
      <Button variant="outline" onClick={actions.hangUp}>
        <PhoneOff aria-hidden /> Cancel Call
      </Button>
    );
  }
  if (phase === "connected") {
    return (
      <>
        <Button
          variant={state.muted ? "secondary" : "outline"}
          aria-pressed={state.muted}
          onClick={actions.toggleMute}
        >
          {state.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />} Mute
        </Button>
        <Button variant="destructive" onClick={actions.hangUp}>
          <PhoneOff aria-hidden /> Hang Up
        </Button>
      </>
    );
  }
  return phase === "ended" || phase === "error" ? <ReturnButton /> : null;
}

/** SPEC §2 call panel: one card whose title, lines and buttons follow the call state. */
export function CallPanel({
  state,
  actions,
  username,
}: {
  state: CallState;
  actions: CallActions;
  username: string;
}) {
  const title = panelTitle(state);
  const live = state.phase === "ringing" || state.phase === "connected";
  return (
    <section
      aria-label="Call"
      className="flex flex-col items-center gap-5 rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm"
    >
      <div
        className={cn(
          "flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700",
          live && "animate-pulse",
        )}
      >
        {state.phase === "error" || state.phase === "ended" ? (
          <PhoneOff className="size-8" aria-hidden />
        ) : (
          <Phone className="size-8" aria-hidden />
        )}
      </div>
      <h2 className="font-semibold text-2xl text-stone-900" aria-live="polite">
        {title}
      </h2>
      <div className="flex flex-col items-center gap-2">
        <Lines state={state} username={username} />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Buttons state={state} actions={actions} />
      </div>
    </section>
  );
}
