import { CalendarClock, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lockedSentence } from "../chat-copy";

/** SPEC §2: before the unlocking call, why the chat is closed and a way to book that call. */
export function ChatLocked({
  callCount,
  username,
  onScheduleCall,
}: {
  callCount: number;
  username: string;
  onScheduleCall: () => void;
}) {
  return (
    <section
      aria-labelledby="chat-locked-title"
      className="flex flex-col items-center gap-3 px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-stone-100 text-stone-600">
        <Lock className="size-7" aria-hidden />
      </span>
      <h2 id="chat-locked-title" className="font-semibold text-stone-900 text-xl">
        Chat is Locked
      </h2>
      <p className="max-w-sm text-stone-600">{lockedSentence(callCount, username)}</p>
      <Button variant="gradient" className="mt-2" onClick={onScheduleCall}>
        <CalendarClock aria-hidden /> Schedule a Call
      </Button>
    </section>
  );
}
