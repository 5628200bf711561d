import type { VoiceIntro } from "@kindred/shared/voice";

/** Whole seconds as m:ss ("0:07", "1:30"); the caller chooses how to round. Nonsense reads "0:00". */
export function formatVoiceTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

/** An intro's length as the player shows it: to the nearest second, never under one. */
export function voiceLengthText(durationMs: number): string {
  return formatVoiceTime(Math.max(1, Math.round(durationMs / 1000)));
}

/** The intro's address: it stays the same when its owner records again, so the version busts caches. */
export function voiceIntroSrc(intro: Pick<VoiceIntro, "url" | "updatedAt">): string {
  const joiner = intro.url.includes("?") ? "&" : "?";
  return `${intro.url}${joiner}v=${encodeURIComponent(intro.updatedAt)}`;
}
