import { type RefObject, useEffect } from "react";
import { VIBRATION_CYCLE_MS, VIBRATION_PATTERN } from "../ring-tones";

/** Safari's Audio Session API (16.4+): 'ambient' audio is silenced by the ringer switch. */
type AudioSessionNavigator = Navigator & { audioSession?: { type: string } };

export interface ToneOptions {
  /** Honour the device's silent switch where the browser tells (iOS Safari): the ringtone, not a call. */
  honourSilent?: boolean;
  vibrate?: boolean;
}

/** Sets Safari's audio session to 'ambient' while a tone plays; returns the undo. Elsewhere, nothing. */
function ambientSession(): () => void {
  const session = (navigator as AudioSessionNavigator).audioSession;
  if (!session) return () => {};
  const before = session.type;
  session.type = "ambient";
  return () => {
    if (session.type === "ambient") session.type = before;
  };
}

/** Buzzes where the browser can (Android Chrome, after a tap on the page); returns the stop. */
function vibrateEvery(pattern: number[], cycleMs: number): () => void {
  if (typeof navigator.vibrate !== "function") return () => {};
  const buzz = () => {
    try {
      navigator.vibrate(pattern);
    } catch {
      // Refused (no user activation yet): the tone and the banner still ring.
    }
  };
  buzz();
  const timer = setInterval(buzz, cycleMs);
  return () => {
    clearInterval(timer);
    try {
      navigator.vibrate(0);
    } catch {}
  };
}

/**
 * Plays the element's looped tone while `playing`, from its start, and stops it after. The browser
 * may refuse to play before the person has touched the page (autoplay): then it stays silent, no
 * error, and starts at their first tap or key press while it still rings.
 */
export function useTone(
  ref: RefObject<HTMLAudioElement | null>,
  playing: boolean,
  options: ToneOptions = {},
) {
  const { honourSilent = false, vibrate = false } = options;
  useEffect(() => {
    const audio = ref.current;
    if (!playing || !audio) return;
    let stopped = false;
    const undoSession = honourSilent ? ambientSession() : () => {};
    const stopVibrating = vibrate ? vibrateEvery(VIBRATION_PATTERN, VIBRATION_CYCLE_MS) : () => {};
    const events = ["pointerdown", "keydown"] as const;
    const unarm = () => {
      for (const type of events) document.removeEventListener(type, retry, true);
    };
    const play = () => {
      audio.play().catch(() => {
        if (!stopped) for (const type of events) document.addEventListener(type, retry, true);
      });
    };
    function retry() {
      unarm();
      if (!stopped) play();
    }
    audio.currentTime = 0;
    play();
    return () => {
      stopped = true;
      unarm();
      audio.pause();
      audio.currentTime = 0;
      stopVibrating();
      undoSession();
    };
  }, [ref, playing, honourSilent, vibrate]);
}
