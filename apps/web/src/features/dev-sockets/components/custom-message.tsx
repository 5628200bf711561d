import { Send } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";

/** Free-form JSON. The text stays after sending, so a tester can tweak and resend it. */
export function CustomMessage({
  onSend,
  placeholder,
  dense = false,
}: {
  onSend: (text: string) => void;
  placeholder: string;
  dense?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSend(text);
    }
  };
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(text);
      }}
    >
      <Label htmlFor={id}>Custom message (JSON)</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        spellCheck={false}
        aria-describedby={hintId}
        className={cn("font-mono", dense ? "min-h-16 text-xs md:text-xs" : "min-h-28")}
      />
      <div className="flex items-center justify-between gap-2">
        <p id={hintId} className="text-stone-500 text-xs">
          Ctrl+Enter sends. At most 16,384 bytes.
        </p>
        <Button type="submit" size={dense ? "sm" : "default"}>
          <Send aria-hidden /> Send
        </Button>
      </div>
    </form>
  );
}
