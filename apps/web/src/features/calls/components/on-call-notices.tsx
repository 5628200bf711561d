import { Mic, MicOff } from "lucide-react";
import { MicLevelMeter } from "@/components/mic-level-meter";
import { cn } from "@/lib/cn";
import { onCallNotices } from "../call-notices";
import type { CallQuality } from "../call-quality";
import type { CallState } from "../call-state";
import type { MicLevel } from "../hooks/use-mic-level";
import { QualityIndicator } from "./quality-indicator";

/** What the panel knows of a call in progress beyond its state. */
export interface LiveCall {
  peerMuted: boolean;
  quality: CallQuality | null;
  mic: MicLevel;
}

/** Connected: the microphone's level, the connection's quality, and what changed on either side. */
export function OnCallNotices({
  state,
  username,
  live,
}: {
  state: CallState;
  username: string;
  live: LiveCall;
}) {
  const notices = onCallNotices(state, live, username);
  const MicIcon = state.muted ? MicOff : Mic;
  return (
    <>
      <div className="flex w-56 items-center gap-3">
        <MicIcon className="size-4 shrink-0 text-stone-500" aria-hidden />
        <MicLevelMeter level={live.mic.level} muted={state.muted} />
        <QualityIndicator quality={live.quality} />
      </div>
      {/* Always present while on call, so a screen reader hears each notice as it appears. */}
      <div role="status" className="flex flex-col items-center gap-1">
        {notices.map((notice) => (
          <p
            key={notice.text}
            className={cn(
              "text-sm",
              notice.alert
                ? "rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900"
                : "text-stone-600",
            )}
          >
            {notice.text}
          </p>
        ))}
      </div>
    </>
  );
}
