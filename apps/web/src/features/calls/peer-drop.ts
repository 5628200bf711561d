import { PEER_GONE_MS } from "@kindred/shared/call-ladder";
import type { CallState } from "./call-state";

// Issue 27 §4: the other person dropped off a live call. The server ends it after its peer-gone grace
// (PEER_GONE_MS from their last /rtc socket leaving), but call:status says nothing when the grace
// starts, so the page counts the grace from the moment it saw them go.

export interface PeerSignals {
  /** Their presence (match.otherUser.online): false once their last status socket left. */
  otherOnline: boolean;
  /** My own status socket is connected: if mine is down, the drop may be mine, not theirs. */
  selfConnected: boolean;
}

/** On an answered call that had audio, their audio stopped or their socket left while mine is up. */
export function peerDropped(state: CallState, signals: PeerSignals): boolean {
  if (state.phase !== "connected" || state.status !== "active" || !state.everConnected) return false;
  if (!signals.selfConnected) return false;
  return !state.mediaConnected || !signals.otherOnline;
}

/** When the drop was first seen: kept while it lasts, null once they are back (or the call is over). */
export function dropSince(previous: number | null, dropped: boolean, now: number): number | null {
  if (!dropped) return null;
  return previous ?? now;
}

/** Whole seconds of the server's grace left, counted from when the drop was seen; never negative. */
export function graceSecondsLeft(since: number, now: number, graceMs: number = PEER_GONE_MS): number {
  return Math.max(0, Math.ceil((since + graceMs - now) / 1000));
}

/** "0:15": the grace is short, so minutes are not padded. */
export function formatGrace(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const peerDroppedText = (username: string, secondsLeft: number) =>
  `${username}'s connection dropped. Waiting for them to come back… ${formatGrace(secondsLeft)}`;

export const peerLeftText = (username: string) => `${username} left the call`;
