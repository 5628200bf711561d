import type { Message } from "@kindred/shared/chat";
import { AlertCircle, Check, Clock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { messageTime } from "../chat-copy";
import type { OutgoingMessage } from "../outgoing-message";

function Bubble({ mine, text, faded }: { mine: boolean; text: string; faded?: boolean }) {
  return (
    <p
      className={cn(
        "max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-[15px] leading-snug",
        mine
          ? "rounded-br-md bg-gradient-to-br from-rose-500 to-violet-600 text-white"
          : "rounded-bl-md border border-stone-200 bg-white text-stone-900",
        faded && "opacity-70",
      )}
    >
      {text}
    </p>
  );
}

/** A message the server holds: mine on the right, theirs on the left, its time, and "Seen" when read. */
export function SentMessage({ message, mine, seen }: { message: Message; mine: boolean; seen: boolean }) {
  return (
    <li className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")}>
      <Bubble mine={mine} text={message.content} />
      <p className="flex items-center gap-1.5 px-1 text-stone-500 text-xs">
        <time dateTime={message.sentAt}>{messageTime(message.sentAt)}</time>
        {seen ? (
          <span className="inline-flex items-center gap-0.5 text-violet-700">
            <Check className="size-3" aria-hidden />
            Seen
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** A message of mine on its way: "Sending…" while it is retried, or the server's refusal with a choice. */
export function OutgoingBubble({
  outgoing,
  onRetry,
  onDiscard,
}: {
  outgoing: OutgoingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const refused = outgoing.status === "refused";
  return (
    <li className="flex flex-col items-end gap-1" aria-busy={!refused}>
      <Bubble mine text={outgoing.content} faded />
      {refused ? (
        <div className="flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 px-1 text-right text-xs">
          <span role="alert" className="inline-flex items-center gap-1 text-red-700">
            <AlertCircle className="size-3.5" aria-hidden />
            {outgoing.error ?? "The message could not be sent."}
          </span>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="link" size="sm" className="h-auto px-0 text-stone-600" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      ) : (
        <p className="inline-flex items-center gap-1 px-1 text-stone-500 text-xs">
          <Clock className="size-3" aria-hidden />
          Sending…
        </p>
      )}
    </li>
  );
}
