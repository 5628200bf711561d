import { Square } from "lucide-react";
import type { Ref } from "react";
import { MicLevelMeter } from "@/components/mic-level-meter";
import { Button } from "@/components/ui/button";
import { formatVoiceTime } from "@/components/voice-audio";

/** While recording: the microphone's level, the time left (announced each second), and Stop. */
export function VoiceRecordingPanel({
  level,
  secondsLeft,
  onStop,
  stopRef,
}: {
  level: number;
  secondsLeft: number;
  onStop: () => void;
  stopRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="grid gap-3 rounded-2xl border border-rose-200 bg-rose-50/60 p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-medium text-rose-800 text-sm">
          <span className="size-2.5 rounded-full motion-safe:animate-pulse bg-rose-600" aria-hidden />
          Recording
        </p>
        <p aria-live="polite" aria-atomic className="text-sm text-stone-700 tabular-nums">
          {`${formatVoiceTime(secondsLeft)} left`}
        </p>
      </div>
      <MicLevelMeter level={level / 100} className="h-2.5" />
      <Button
        ref={stopRef}
        variant="destructive"
        onClick={onStop}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Square fill="currentColor" aria-hidden /> Stop
      </Button>
    </div>
  );
}
