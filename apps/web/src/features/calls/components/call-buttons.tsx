import { Mic, MicOff, PhoneIncoming, PhoneOff } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { CallEnding, CallState } from "../call-state";
import { NextStepButtons, type NextSteps } from "./call-ended";

export interface CallActions {
  answer: () => void;
  reject: () => void;
  hangUp: () => void;
  toggleMute: () => void;
}

function ReturnButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/matches">Return to Matches</Link>
    </Button>
  );
}

/** The call panel's buttons for each state (SPEC §2). */
export function CallButtons({
  state,
  actions,
  ending,
  next,
}: {
  state: CallState;
  actions: CallActions;
  ending: CallEnding;
  next?: NextSteps;
}): ReactNode {
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
  if (phase !== "ended" && phase !== "error") return null;
  return (
    <>
      {phase === "ended" ? <NextStepButtons ending={ending} next={next} /> : null}
      <ReturnButton />
    </>
  );
}
