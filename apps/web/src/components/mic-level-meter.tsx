import { cn } from "@/lib/cn";

/**
 * How loud the microphone is, 0..1: a bar that moves with the voice, so a person sees they are heard.
 * Dimmed while muted: the level is still shown, but nothing of it leaves the device.
 */
export function MicLevelMeter({
  level,
  muted = false,
  className,
}: {
  level: number;
  muted?: boolean;
  className?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter>'s bar cannot be styled alike in every browser
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={muted ? `${percent}%, muted` : `${percent}%`}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-stone-200", className)}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-100 ease-out",
          muted ? "bg-stone-400" : "bg-gradient-to-r from-emerald-500 to-emerald-600",
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
