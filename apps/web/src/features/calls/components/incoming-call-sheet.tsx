import type { IncomingCallEvent } from "@kindred/shared/calls";
import { PhoneIncoming, PhoneOff } from "lucide-react";
import type { KeyboardEvent, Ref } from "react";
import { Button } from "@/components/ui/button";
import { glyph, IncomingCallFacts } from "./incoming-call-facts";

export interface IncomingCallViewProps {
  call: IncomingCallEvent;
  until: number;
  answerRef: Ref<HTMLButtonElement>;
  onAnswer: () => void;
  onDecline: () => void;
}

export const ANSWER_SHORTCUT = "Alt+Shift+A";

/** Tab stays on the sheet's two buttons: it covers the page, which is out of reach while it rings. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** On a phone: the whole screen rings, as a phone call does, with big Answer and Decline buttons. */
export function IncomingCallSheet({ call, until, answerRef, onAnswer, onDecline }: IncomingCallViewProps) {
  const factsId = `incoming-call-${call.callId}-facts`;
  return (
    <section
      role="alertdialog"
      aria-modal="true"
      aria-label={`Incoming call from ${call.from.username}`}
      aria-describedby={factsId}
      onKeyDown={keepFocusInside}
      className="fixed inset-0 z-50 flex flex-col items-center justify-between overflow-y-auto bg-gradient-to-b from-rose-700 to-violet-800 px-6 pt-16 pb-10 text-white"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <div
          aria-hidden
          className="flex size-28 animate-pulse items-center justify-center rounded-full bg-white/15 text-6xl"
        >
          {glyph(call.from)}
        </div>
        <p className="text-sm font-medium uppercase tracking-widest text-rose-100">Incoming call</p>
        <p className="max-w-full truncate text-3xl font-semibold">{call.from.username}</p>
        <IncomingCallFacts
          matchId={call.matchId}
          callId={call.callId}
          until={until}
          id={factsId}
          className="text-base text-rose-50"
        />
      </div>
      <div className="flex w-full max-w-sm gap-4">
        <Button variant="destructive" size="lg" className="h-16 flex-1 text-lg" onClick={onDecline}>
          <PhoneOff aria-hidden /> Decline
        </Button>
        <Button
          ref={answerRef}
          variant="inverse"
          size="lg"
          className="h-16 flex-1 text-lg"
          aria-keyshortcuts={ANSWER_SHORTCUT}
          onClick={onAnswer}
        >
          <PhoneIncoming aria-hidden /> Answer
        </Button>
      </div>
    </section>
  );
}
