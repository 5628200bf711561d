import { PhoneIncoming, PhoneOff } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { callManager } from "../call-manager";
import type { Ringing } from "../hooks/use-incoming-calls";
import { callingTitle, TitleFlash } from "../title-flash";
import { glyph, IncomingCallFacts } from "./incoming-call-facts";
import { ANSWER_SHORTCUT, IncomingCallSheet, type IncomingCallViewProps } from "./incoming-call-sheet";

const PHONE_QUERY = "(max-width: 640px)";

function subscribePhone(notify: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", notify);
  return () => query.removeEventListener("change", notify);
}

const usePhone = () =>
  useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );

/** The banner's home: first in the page, before the app, so it is first in the tab order too. */
function ringLayer(): HTMLElement {
  let layer = document.getElementById("incoming-call-layer");
  if (!layer) {
    layer = document.createElement("div");
    layer.id = "incoming-call-layer";
    document.body.prepend(layer);
  }
  return layer;
}

/** Someone typing keeps their focus (an Enter meant for a message must not answer a call). */
function typing(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return (
    element.isContentEditable ||
    element.matches("textarea, input:not([type=button], [type=checkbox], [type=radio])")
  );
}

/** On desktop: a banner at the top, over the page, which stays usable. */
function DesktopBanner({ call, until, answerRef, onAnswer, onDecline }: IncomingCallViewProps) {
  const factsId = `incoming-call-${call.callId}-facts`;
  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-label={`Incoming call from ${call.from.username}`}
      aria-describedby={factsId}
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-lg items-center gap-4 rounded-3xl border border-rose-200 bg-white p-4 shadow-xl"
    >
      <div
        aria-hidden
        className="flex size-14 shrink-0 animate-pulse items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-3xl"
      >
        {glyph(call.from)}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">Incoming call</p>
        <p className="truncate text-sm text-stone-700">{call.from.username}</p>
        <IncomingCallFacts
          matchId={call.matchId}
          callId={call.callId}
          until={until}
          id={factsId}
          className="text-xs text-stone-600"
        />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          ref={answerRef}
          variant="gradient"
          size="sm"
          className="h-9"
          aria-keyshortcuts={ANSWER_SHORTCUT}
          onClick={onAnswer}
        >
          <PhoneIncoming aria-hidden /> Answer
        </Button>
        <Button variant="outline" size="sm" className="h-9" onClick={onDecline}>
          <PhoneOff aria-hidden /> Decline
        </Button>
      </div>
    </section>
  );
}

/**
 * DECISIONS "Calls": every logged-in page learns of an incoming call. Not on its own call page, which
 * shows its own ringing state (the tab's title flashes there too). Answer switches the prepared
 * call's audio on at once; the call page follows. While it rings focus is on Answer (given back
 * after), unless the person is typing: then an assertive announcement and Alt+Shift+A answer.
 */
export function IncomingCallBanner({
  ringing,
  drop,
  onRing,
}: {
  ringing: Ringing | undefined;
  drop: (callId: number) => void;
  onRing?: () => void;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const phone = usePhone();
  const answerRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  const [announcement, setAnnouncement] = useState("");
  const call = ringing?.event;
  const callId = call?.callId ?? null;
  const username = call?.from.username ?? "";
  // Its own call page shows it ringing; any other page (another call's too) shows the banner.
  const shown = call !== undefined && pathname !== `/call/${call.matchId}`;

  // While it rings, fetch what Answer will need, so answering does not wait for a download.
  useEffect(() => {
    if (callId !== null) onRing?.();
  }, [callId, onRing]);

  useEffect(() => {
    if (callId === null) return;
    const flash = new TitleFlash(document, callingTitle(username));
    flash.start();
    return () => flash.stop();
  }, [callId, username]);

  const answer = () => {
    if (!call) return;
    answered.current = true;
    drop(call.callId);
    void callManager.answer(call.matchId);
    navigate(`/call/${call.matchId}`);
  };
  const decline = () => {
    if (!call) return;
    drop(call.callId);
    void callManager.decline(call.matchId, call.callId);
  };
  const answerNow = useRef(answer);
  answerNow.current = answer;

  useEffect(() => {
    if (!shown || callId === null) return;
    answered.current = false;
    const before = document.activeElement;
    // The phone's sheet covers the page, so it takes focus even from a field.
    const keepFocus = typing(before) && !window.matchMedia(PHONE_QUERY).matches;
    if (keepFocus) setAnnouncement(`Incoming call from ${username}. Press ${ANSWER_SHORTCUT} to answer.`);
    else answerRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.shiftKey && event.code === "KeyA") {
        event.preventDefault();
        answerNow.current();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      setAnnouncement("");
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || ringLayer().contains(active);
      // Declined or rung out: focus goes back where it was. Answered: the call page takes it.
      if (!answered.current && lost && before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [shown, callId, username]);

  const view =
    shown && call && ringing ? (
      phone ? (
        <IncomingCallSheet
          call={call}
          until={ringing.until}
          answerRef={answerRef}
          onAnswer={answer}
          onDecline={decline}
        />
      ) : (
        <DesktopBanner
          call={call}
          until={ringing.until}
          answerRef={answerRef}
          onAnswer={answer}
          onDecline={decline}
        />
      )
    ) : null;

  return createPortal(
    <>
      <div aria-live="assertive" className="sr-only">
        {announcement}
      </div>
      {view}
    </>,
    ringLayer(),
  );
}
