import type { IceConfig } from "@kindred/shared/calls";

// What the settings page says about who can see a caller's network address (issue 26).
export const RELAY_SENTENCE =
  "Calls go through Kindred's relay, so neither of you sees the other's network address.";
export const DIRECT_SENTENCE =
  "Calls connect directly when they can; your network address may be visible to the person you call.";

/** `relay`: only TURN relay candidates are used, so no host or public address reaches the other side. */
export function privacySentence(policy: IceConfig["iceTransportPolicy"]): string {
  return policy === "relay" ? RELAY_SENTENCE : DIRECT_SENTENCE;
}
