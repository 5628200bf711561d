import { MessageCircle } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { emptyThreadText } from "../chat-copy";
import type { Outbox } from "../outbox";
import type { ChatItem } from "../thread";
import { OutgoingBubble, SentMessage } from "./message-bubble";

/** Within this many pixels of the end counts as "reading the latest": new messages keep it in view. */
const PINNED_PX = 96;

// Where scroll anchoring is missing (Safari), a message added below moves what a reader who scrolled
// back is looking at, unless the list puts it back.
const ANCHORS = typeof CSS !== "undefined" && CSS.supports("overflow-anchor", "auto");

/**
 * The conversation, oldest at the top. It follows new messages while the reader is at the end (and
 * always after they send), but leaves them be while they scroll back through older ones. The log is a
 * reversed column, so it starts at its end before any script runs (a page the server rendered): its
 * scrollTop is 0 at the end and negative above.
 */
export function MessageList({
  items,
  loading,
  failed,
  username,
  outbox,
}: {
  items: readonly ChatItem[];
  loading: boolean;
  /** Nothing loaded yet and the last try failed: polling keeps trying. */
  failed: boolean;
  username: string;
  outbox: Outbox | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const height = useRef(0);
  const last = items.at(-1);
  const lastKey = last?.key;
  const lastIsMine = last?.kind === "outgoing" || (last?.kind === "message" && last.mine);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const grew = el.scrollHeight - height.current;
    height.current = el.scrollHeight;
    if (pinned.current || lastIsMine) el.scrollTop = 0;
    else if (!ANCHORS && grew > 0) el.scrollTop -= grew;
  }, [lastKey, items.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) pinned.current = -el.scrollTop < PINNED_PX;
  };

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-8" label="Loading messages" />
      </div>
    );
  } else if (items.length === 0 && failed) {
    body = (
      <p role="alert" className="m-auto max-w-xs text-center text-sm text-stone-600">
        Messages could not be loaded. Trying again…
      </p>
    );
  } else if (items.length === 0) {
    const empty = emptyThreadText(username);
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-center">
        <MessageCircle className="size-10 text-rose-300" aria-hidden />
        <p className="font-semibold text-stone-900">{empty.title}</p>
        <p className="text-sm text-stone-500">{empty.text}</p>
      </div>
    );
  } else {
    body = (
      <ol className="flex flex-col gap-3">
        {items.map((item) =>
          item.kind === "message" ? (
            <SentMessage key={item.key} message={item.message} mine={item.mine} seen={item.seen} />
          ) : (
            <OutgoingBubble
              key={item.key}
              outgoing={item.outgoing}
              onRetry={() => outbox?.retry(item.outgoing.clientId)}
              onDiscard={() => outbox?.discard(item.outgoing.clientId)}
            />
          ),
        )}
      </ol>
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label="Messages"
      // Focusable so that a keyboard can scroll the conversation (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must take focus to scroll by keyboard
      tabIndex={0}
      className="flex h-[55vh] min-h-72 flex-col-reverse overflow-y-auto bg-stone-50/60 px-4 py-4 focus-visible:outline-2 focus-visible:outline-rose-400"
    >
      <div className="flex flex-1 flex-col">{body}</div>
    </div>
  );
}
