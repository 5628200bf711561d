import { Pause, Play } from "lucide-react";
import { type Ref, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { claimPlayback, releasePlayback } from "./one-voice-at-a-time";
import { formatVoiceTime, voiceLengthText } from "./voice-audio";

const BAR_STEP = 3;
const BAR_WIDTH = 2;
const WAVE_HEIGHT = 32;

/** The 64 peaks as bars, those already heard filled. Decoration: the button and the time say it all. */
function Waveform({ peaks, progress }: { peaks: readonly number[]; progress: number }) {
  const heard = Math.round(progress * peaks.length);
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${peaks.length * BAR_STEP} ${WAVE_HEIGHT}`}
      preserveAspectRatio="none"
      className="h-8 min-w-0 flex-1"
    >
      {peaks.map((peak, i) => {
        // Silence still draws a dot, so a quiet stretch reads as part of the recording.
        const height = Math.max(2, (peak / 100) * WAVE_HEIGHT);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, never reordered
            key={i}
            x={i * BAR_STEP}
            y={(WAVE_HEIGHT - height) / 2}
            width={BAR_WIDTH}
            height={height}
            rx={1}
            className={i < heard ? "fill-rose-500" : "fill-stone-300"}
          />
        );
      })}
    </svg>
  );
}

/**
 * A voice intro: a round play/pause button, its waveform filling as it plays, and its length (the time
 * heard, once it has started). No API calls: the profile and the matches both give it what to play.
 * `subject` names the button: "Play Sam's voice intro". Starting it pauses any other player on the page;
 * at the end it goes back to the start.
 */
export function VoicePlayer({
  src,
  durationMs,
  peaks,
  subject = "voice intro",
  buttonRef,
  className,
}: {
  src: string;
  durationMs: number;
  peaks: readonly number[];
  /** What the button plays, as it names it: "Sam's voice intro", "your voice intro". */
  subject?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [failed, setFailed] = useState(false);

  // A new recording starts from the beginning.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the source changes
  useEffect(() => {
    setPlaying(false);
    setElapsedMs(0);
    setFailed(false);
  }, [src]);

  // Frames rather than 'timeupdate' (about 4 a second), so the bars fill smoothly.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const follow = () => {
      const element = audio.current;
      if (element) setElapsedMs(element.currentTime * 1000);
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  useEffect(() => {
    const element = audio.current;
    return () => {
      if (!element) return;
      element.pause();
      releasePlayback(element);
    };
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      setFailed(false);
      element.play().catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  };

  const progress = durationMs > 0 ? Math.min(1, elapsedMs / durationMs) : 0;
  const started = playing || elapsedMs > 0;
  const length = voiceLengthText(durationMs);
  const shown = started ? formatVoiceTime(elapsedMs / 1000) : length;

  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-label={`${playing ? "Pause" : "Play"} ${subject}`}
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-violet-600 text-white shadow-sm transition-colors hover:from-rose-600 hover:to-violet-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2"
      >
        {playing ? (
          <Pause className="size-4" fill="currentColor" aria-hidden />
        ) : (
          <Play className="ml-0.5 size-4" fill="currentColor" aria-hidden />
        )}
      </button>
      <Waveform peaks={peaks} progress={progress} />
      <span className="w-10 shrink-0 text-right text-stone-600 text-xs tabular-nums">
        <span aria-hidden>{failed ? "–:––" : shown}</span>
        <span className="sr-only">
          {failed ? "Couldn't play" : started ? `${shown} of ${length}` : `${length} long`}
        </span>
      </span>
      {/* A real element, so tests can read its duration and wait for 'ended'. */}
      {/* biome-ignore lint/a11y/useMediaCaption: a recording made in the browser has no transcript to offer */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="voice-intro-audio"
        onPlay={(event) => {
          claimPlayback(event.currentTarget);
          setPlaying(true);
        }}
        onPause={(event) => {
          releasePlayback(event.currentTarget);
          setPlaying(false);
          setElapsedMs(event.currentTarget.currentTime * 1000);
        }}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          setPlaying(false);
          setElapsedMs(0);
        }}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
    </div>
  );
}
