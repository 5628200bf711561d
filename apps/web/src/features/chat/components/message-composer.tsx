import { MESSAGE_MAX } from "@kindred/shared/chat";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";

/**
 * 'Type a message...' and Send. Sending hands the text to the outbox and empties the box at once, so
 * the button is disabled from the press until something new is typed, and a double press sends once.
 * Enter sends; Shift+Enter starts a new line.
 */
export function MessageComposer({ onSend }: { onSend: (content: string) => void }) {
  const [text, setText] = useState("");
  const blank = text.trim().length === 0;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank) return;
    onSend(text.trim());
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  return (
    <form onSubmit={send} className="flex items-end gap-2 border-stone-200 border-t bg-white p-3">
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type a message..."
        aria-label="Message"
        rows={1}
        maxLength={MESSAGE_MAX}
        className="max-h-32 min-h-11 resize-none"
      />
      <Button type="submit" variant="gradient" size="icon" aria-label="Send" disabled={blank}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
