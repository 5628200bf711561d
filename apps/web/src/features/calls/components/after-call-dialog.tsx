import type { CallOutcome } from "@kindred/shared/call-journey";
import { callLengthSeconds, lengthText } from "@kindred/shared/call-ladder";
import { CalendarClock, Eye, MessageCircle, PhoneOff } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { progressText, talkedFor, untilChatText } from "./after-call-copy";

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3 text-sm text-stone-800">
      <span className="mt-0.5 shrink-0 text-rose-700">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/**
 * Issue 27 §5, the moment after a call, on /matches: what the call was and what it changed, all from
 * the server's outcome. Non-modal (the page stays usable) and closed with its button or Escape.
 * `note`: the route's private-note field; `onSchedule`: opens the route's schedule dialog.
 */
export function AfterCallDialog({
  outcome,
  callerPlan,
  open,
  onOpenChange,
  note,
  onSchedule,
}: {
  outcome: CallOutcome;
  /** The plan whose ladder gives the next call's length (the viewer's, should they call). */
  callerPlan: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note?: ReactNode;
  onSchedule: () => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  const name = outcome.otherUser.username;
  const nextLength = lengthText(callLengthSeconds(outcome.nextCallDay, callerPlan));
  const untilChat = outcome.callNumber === null ? null : untilChatText(outcome.callNumber);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={false}>
      <DialogContent
        ref={content}
        // Under the header, clear of the toasts and the tab bar at the foot; a long name wraps.
        className="top-20 right-4 bottom-auto left-4 max-h-[calc(100dvh-10rem)] w-auto max-w-sm translate-x-0 translate-y-0 grid-cols-1 shadow-2xl [overflow-wrap:anywhere] sm:left-auto sm:w-full"
        // Non-blocking: it neither takes the keyboard into a field nor closes on a click elsewhere.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="px-6 sm:pr-6 sm:pl-0">{`Your call with ${name}`}</DialogTitle>
          <DialogDescription>{`You talked for ${talkedFor(outcome.durationSeconds)}.`}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {outcome.callNumber !== null ? (
            <Line icon={<PhoneOff className="size-4" aria-hidden />}>
              <span className="font-semibold">{progressText(outcome.callNumber)}</span>
              {untilChat ? ` · ${untilChat}` : null}
            </Line>
          ) : (
            <Line icon={<PhoneOff className="size-4" aria-hidden />}>
              This call was too short to count toward your next unlock.
            </Line>
          )}
          {outcome.chatUnlocked ? (
            <Line icon={<MessageCircle className="size-4" aria-hidden />}>
              {`Chat is now unlocked: say hello to ${name}`}{" "}
              <Link
                to={`/conversation/${outcome.matchId}`}
                className="font-medium text-rose-700 underline-offset-2 hover:underline"
              >
                Open chat
              </Link>
            </Line>
          ) : null}
          {outcome.photosRevealed ? (
            <Line icon={<Eye className="size-4" aria-hidden />}>Your photos are revealed to each other</Line>
          ) : null}
        </ul>
        {note}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Done
          </Button>
          <Button variant="gradient" onClick={onSchedule}>
            <CalendarClock aria-hidden />
            {`Schedule your next call (${nextLength})`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
