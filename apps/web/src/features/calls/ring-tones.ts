import { CALL_LADDER_SECONDS, lengthText, RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import type { IncomingCallEvent } from "@kindred/shared/calls";
import type { CallState } from "./call-state";

// What a ringing call sounds and looks like: which tone, the banner's facts, the seconds left.

export type Tone = "ringtone" | "ringback";

/** Our own tones (scripts/make-tones.mjs), served from this origin (CSP media-src 'self'). */
export const TONE_URLS: Record<Tone, string> = {
  ringtone: "/sounds/ringtone.wav",
  ringback: "/sounds/ringback.wav",
};

/** Buzz, pause, buzz, rest: one cycle of the ringtone's 2.4 s loop. */
export const VIBRATION_PATTERN = [400, 200, 400];
export const VIBRATION_CYCLE_MS = 2_400;

/**
 * The tone this page plays: the ring-back while my own call rings out, the ringtone while a call rings
 * for me. Never over a call I am in: the banner shows a second call, no ring in the person's ear.
 */
export function toneFor(incomingRinging: boolean, mine: CallState | null): Tone | null {
  const live = mine !== null && mine.role !== null && mine.phase !== "ended" && mine.phase !== "error";
  if (!live) return incomingRinging ? "ringtone" : null;
  return mine.role === "caller" && mine.status === "pending" ? "ringback" : null;
}

/**
 * The call's length as the ladder names it ('5 minutes' on day 1). A test server scales call lengths
 * (CALL_TIME_SCALE): the ladder's own length is what the day means; from day 4 the length depends on
 * the caller's plan, which only the record's length tells.
 */
export function callLengthLabel(callDay: number, lengthSeconds: number): string {
  const ladder = CALL_LADDER_SECONDS[Math.max(1, callDay) - 1];
  return `Day ${callDay} · ${lengthText(ladder ?? lengthSeconds)}`;
}

/** expiresAt is on the server's clock: what is left of the ring, read against serverNow, on ours. */
export function localExpiry(event: IncomingCallEvent, now: number): number {
  const left = (Date.parse(event.expiresAt) || 0) - (Date.parse(event.serverNow) || now);
  return now + Math.min(RING_TIMEOUT_MS, Math.max(0, left));
}

/** Whole seconds left to answer, never negative: `until` is the ring's end on this browser's clock. */
export function ringSecondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function secondsToAnswerText(seconds: number): string {
  return seconds === 1 ? "1 second left to answer" : `${seconds} seconds left to answer`;
}
