import { createHmac } from "node:crypto";
import { LATER_CALL_SECONDS } from "@kindred/shared/call-ladder";
import type { IceConfig } from "@kindred/shared/calls";
import type { Env } from "../../env.ts";

/** TURN credentials outlive the longest call, plus a margin for a late start and reconnects. */
const CREDENTIAL_TTL_S = Math.max(...Object.values(LATER_CALL_SECONDS)) + 3600;

/**
 * The ICE servers a participant's browser uses: STUN by default; TURN when configured, with coturn's
 * time-limited REST credentials (username "expiry:userId", password base64 HMAC-SHA1 of it under the
 * shared secret), so no long-lived TURN password ever reaches a browser. With TURN, relay-only by default.
 */
export function iceConfigFor(env: Env, userId: number, now = Date.now()): IceConfig {
  const iceServers: IceConfig["iceServers"] = env.STUN_URLS.length > 0 ? [{ urls: env.STUN_URLS }] : [];
  const secret = env.TURN_URLS.length > 0 ? env.TURN_SECRET : undefined;
  if (secret) {
    const username = `${Math.floor(now / 1000) + CREDENTIAL_TTL_S}:${userId}`;
    const credential = createHmac("sha1", secret).update(username).digest("base64");
    iceServers.push({ urls: env.TURN_URLS, username, credential });
  }
  // DECISIONS "Call privacy": with a relay to use, use only it, unless the operator says otherwise.
  return { iceServers, iceTransportPolicy: env.ICE_TRANSPORT_POLICY ?? (secret ? "relay" : "all") };
}
