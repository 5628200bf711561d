import { useRef } from "react";
import { useTone } from "../hooks/use-ringtone";
import { TONE_URLS, type Tone } from "../ring-tones";

/**
 * The page's call sounds: the ringtone while a call rings for me (vibrating where the phone can,
 * quiet on a silenced iPhone), the ring-back while mine rings out. `data-tone` lets a test find them.
 */
export function CallTones({ tone }: { tone: Tone | null }) {
  const ringtone = useRef<HTMLAudioElement>(null);
  const ringback = useRef<HTMLAudioElement>(null);
  useTone(ringtone, tone === "ringtone", { honourSilent: true, vibrate: true });
  useTone(ringback, tone === "ringback");
  return (
    <div hidden>
      {/* biome-ignore lint/a11y/useMediaCaption: a ring has no words; the banner says who is calling */}
      <audio ref={ringtone} data-tone="ringtone" src={TONE_URLS.ringtone} loop preload="none" />
      {/* biome-ignore lint/a11y/useMediaCaption: a ring has no words; the call page says it is ringing */}
      <audio ref={ringback} data-tone="ringback" src={TONE_URLS.ringback} loop preload="none" />
    </div>
  );
}
