import { MESSAGE_MAX } from "@kindred/shared/constants";
import { SendHorizontal } from "lucide-react";
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";

/** The counter shows from here on: people see the limit coming before they reach it. */
const COUNTER_FROM = 1_800;
/** 2,000 as en-GB writes it, without Intl: its first use on a page is a long task on a phone. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const LIMIT = grouped(MESSAGE_MAX);

/**
 * 'Type a message...' and Send. Sending hands the text to the outbox and empties the box at once, so
 * the button is disabled from the press until something new is typed, and a double press sends once.
 * Enter sends; Shift+Enter starts a new line. Near the limit a counter shows; a paste the limit cut
 * says so (the browser's maxLength cuts it silently).
 */
export function MessageComposer({ onSend }: { onSend: (content: string) => void }) {
  const [text, setText] = useState("");
  const [cut, setCut] = useState(false);
  const blank = text.trim().length === 0;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank) return;
    onSend(text.trim());
    setText("");
    setCut(false);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    const kept = box.value.length - (box.selectionEnd - box.selectionStart);
    setCut(kept + event.clipboardData.getData("text").length > MESSAGE_MAX);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  return (
    <form onSubmit={send} className="border-stone-200 border-t bg-white p-3">
      <div className="flex items-end gap-2">
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.length < MESSAGE_MAX) setCut(false);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder="Type a message..."
          aria-label="Message"
          aria-describedby="composer-limit"
          rows={1}
          maxLength={MESSAGE_MAX}
          className="max-h-32 min-h-11 resize-none"
        />
        <Button type="submit" variant="gradient" size="icon" aria-label="Send" disabled={blank}>
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <p
        id="composer-limit"
        aria-live="polite"
        className="px-1 pt-1 text-right text-stone-600 text-xs empty:hidden"
      >
        {cut ? `Your paste was cut to fit the ${LIMIT} character limit. ` : ""}
        {text.length >= COUNTER_FROM ? `${grouped(text.length)} / ${LIMIT}` : ""}
      </p>
    </form>
  );
}
