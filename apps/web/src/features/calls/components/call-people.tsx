import { Phone, PhoneOff } from "lucide-react";
import { type AvatarPerson, PersonAvatar } from "@/components/person-avatar";
import { cn } from "@/lib/cn";
import type { MicLevel } from "../hooks/use-mic-level";

/** One side of the call: who, and (once connected) how loud they are right now. */
export interface CallPerson {
  person: AvatarPerson;
  /** 'You', or their username. */
  label: string;
  /** Null before connect: no activity to show yet. */
  activity: MicLevel | null;
  /** This side is muted: its level still shows, dimmed, for nothing of it leaves the device. */
  muted?: boolean;
}

/**
 * An avatar with a glow whose strength follows the voice, and a ring while they talk. The glow is
 * decoration; a screen reader gets one quiet line ('bob is talking'), not a level ten times a second.
 */
function PersonWithActivity({ side, revealed }: { side: CallPerson; revealed: boolean }) {
  const level = Math.min(1, Math.max(0, side.activity?.level ?? 0));
  const speaking = side.activity?.speaking ?? false;
  const you = side.label === "You";
  return (
    <figure
      className="flex w-28 flex-col items-center gap-2"
      data-testid="call-person"
      data-speaking={side.activity ? String(speaking) : undefined}
      data-level={side.activity ? level.toFixed(2) : undefined}
    >
      <div className="relative">
        <div
          aria-hidden
          className={cn(
            "absolute -inset-2 rounded-3xl bg-gradient-to-br blur-md motion-safe:transition-[opacity,transform] motion-safe:duration-100",
            side.muted ? "from-stone-300 to-stone-400" : "from-rose-400 to-violet-500",
          )}
          style={{ opacity: level * 0.9, transform: `scale(${1 + level * 0.12})` }}
        />
        <div
          className={cn(
            "relative rounded-[1.2rem] ring-offset-2 transition-shadow",
            speaking && (side.muted ? "ring-2 ring-stone-400" : "ring-2 ring-emerald-500"),
          )}
        >
          <PersonAvatar person={side.person} revealed={revealed} size="lg" raised />
        </div>
      </div>
      <figcaption className="max-w-full truncate font-medium text-sm text-stone-700" title={side.label}>
        {side.label}
        {speaking ? <span className="sr-only">{you ? " are talking" : " is talking"}</span> : null}
      </figcaption>
    </figure>
  );
}

/**
 * The top of the call panel, as the landing page's call picture promises: you and them side by
 * side, the phone between you. Activity shows only once connected.
 */
export function CallPeople({
  you,
  them,
  revealed,
  pulsing,
  over,
}: {
  you: CallPerson;
  them: CallPerson;
  /** The pair's photos are revealed: PersonAvatar shows a photo only then, for both of you alike. */
  revealed: boolean;
  /** Ringing or on call (and the other side not dropped): the phone pulses. */
  pulsing: boolean;
  /** Ended or failed: the phone is hung up. */
  over: boolean;
}) {
  const PhoneIcon = over ? PhoneOff : Phone;
  return (
    <div className="flex items-start justify-center gap-3 sm:gap-6">
      <PersonWithActivity side={you} revealed={revealed} />
      <div
        className={cn(
          "mt-2 flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700",
          pulsing && "animate-pulse",
        )}
      >
        <PhoneIcon className="size-5" aria-hidden />
      </div>
      <PersonWithActivity side={them} revealed={revealed} />
    </div>
  );
}
