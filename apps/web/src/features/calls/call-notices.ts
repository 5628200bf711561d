import type { CallQuality } from "./call-quality";
import type { CallState } from "./call-state";
import type { MicLevel } from "./hooks/use-mic-level";

// The call panel's lines while on call (issue 26), worded once for the panel and its tests.

export const RECONNECTING_TEXT = "Reconnecting…";
export const YOU_ARE_MUTED_TEXT = "You are muted";

/** The text alternative of the quality icon, and its tooltip. */
export function qualityLabel(quality: CallQuality): string {
  return `Connection: ${quality}`;
}

export interface Notice {
  text: string;
  /** An alert asks for action (talking while muted); the rest only inform. */
  alert: boolean;
}

/** The sentences under the countdown while on call, in the order they show. */
export function onCallNotices(
  state: Pick<CallState, "mediaConnected" | "muted">,
  live: { peerMuted: boolean; mic: MicLevel },
  username: string,
): Notice[] {
  const notices: Notice[] = [];
  if (!state.mediaConnected) notices.push({ text: RECONNECTING_TEXT, alert: false });
  if (live.peerMuted) notices.push({ text: `${username} muted their microphone`, alert: false });
  if (state.muted && live.mic.speaking) notices.push({ text: YOU_ARE_MUTED_TEXT, alert: true });
  if (state.muted) notices.push({ text: "Your microphone is muted.", alert: false });
  return notices;
}
