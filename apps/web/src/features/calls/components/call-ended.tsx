import { NOT_ANSWERED_MESSAGE } from "@kindred/shared/call-basics";
import { CalendarClock, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { CallEnding, CallState } from "../call-state";

// What an ended call says under its title, and the way on (issue 27 §3, §4): shared by the open panel
// and the closed one that follows it.

/** What the page offers once a call is over: a new call, and a time for the next one. */
export interface NextSteps {
  callBack: () => void;
  schedule: () => void;
}

const ANSWERED_ELSEWHERE = "You answered this call in another tab.";

/** A call that rang here but was picked up somewhere else (so it went active, or ended after that). */
function answeredElsewhere(state: CallState): boolean {
  const answered = state.status === "active" || state.status === "completed";
  const matchEnded = state.gone || state.endReason === "blocked" || state.endReason === "unmatched";
  return state.stage === "incoming" && answered && !state.hungUp && !matchEnded;
}

/** 'Call back' and 'Schedule a call' after a call nobody answered, or one the other person left. */
export function NextStepButtons({ ending, next }: { ending: CallEnding; next?: NextSteps }): ReactNode {
  if (!next || (ending !== "no-answer" && ending !== "peer-left")) return null;
  return (
    <>
      {ending === "peer-left" ? (
        <Button variant="gradient" onClick={next.callBack}>
          <Phone aria-hidden /> Call back
        </Button>
      ) : null}
      <Button variant={ending === "peer-left" ? "outline" : "gradient"} onClick={next.schedule}>
        <CalendarClock aria-hidden /> Schedule a call
      </Button>
    </>
  );
}

/** The line under an ended call's title. */
export function endedLine(state: CallState, ending: CallEnding): string | null {
  if (ending === "no-answer") return NOT_ANSWERED_MESSAGE;
  if (ending !== "ended") return null;
  if (state.notAnswered) return NOT_ANSWERED_MESSAGE;
  return answeredElsewhere(state) ? ANSWERED_ELSEWHERE : null;
}
