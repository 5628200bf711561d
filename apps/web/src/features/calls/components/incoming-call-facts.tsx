import type { IncomingCallEvent } from "@kindred/shared/calls";
import { useEffect, useState, useSyncExternalStore } from "react";
import { callManager } from "../call-manager";
import { callLengthLabel, ringSecondsLeft, secondsToAnswerText } from "../ring-tones";

/** The caller's emoji avatar, or their initial. */
export function glyph(from: IncomingCallEvent["from"]): string {
  return from.avatar?.trim() || from.username.trim().charAt(0).toUpperCase() || "?";
}

/** 'Day 2 · 10 minutes', from the ringing call's record (its session reads it as it rings), once known. */
export function useRingingCallLength(matchId: number, callId: number): string | null {
  useSyncExternalStore(callManager.subscribe, callManager.getVersion, callManager.getVersion);
  const call = callManager.get(matchId)?.snapshot.call;
  return call && call.id === callId ? callLengthLabel(call.callDay, call.lengthSeconds) : null;
}

/** Seconds left to answer, re-read twice a second. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return ringSecondsLeft(until, now);
}

/** The call's length and the seconds left to answer, as the banner and the sheet show them. */
export function IncomingCallFacts({
  matchId,
  callId,
  until,
  id,
  className,
}: {
  matchId: number;
  callId: number;
  until: number;
  id: string;
  className?: string;
}) {
  const length = useRingingCallLength(matchId, callId);
  const left = useSecondsLeft(until);
  return (
    <p className={className}>
      <span id={id}>{length ?? "\u00a0"}</span>
      <span className="block tabular-nums">{secondsToAnswerText(left)}</span>
    </p>
  );
}
