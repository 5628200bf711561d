// Socket limits and close codes both sides share. No zod here: the web app's entry chunk imports it.

/** SPEC §9: a socket message over 16 KB is neither sent by a client nor accepted by the server. */
export const MAX_FRAME_BYTES = 16_384;
/**
 * One socket's frame rate: a token bucket of this many frames that refills at this many a second, so no
 * burst goes over it at any moment (a fixed window let twice through at its edge). Beyond it: 1008.
 */
export const MAX_FRAMES_PER_SECOND = 50;
/**
 * One user's frames across all their sockets on an instance: sustained a second, and the burst. A call's
 * busiest second (offer, answer, a few dozen ICE candidates, status pings) is under 60; frames beyond
 * the budget are dropped unread, with an `error` frame, so one person's flood costs nobody else.
 */
export const USER_FRAMES_PER_SECOND = 100;
export const USER_FRAME_BURST = 200;
/** Frames one socket may have waiting while an earlier one is handled; beyond it: 1013, try again later. */
export const MAX_QUEUED_FRAMES = 64;
/** Open sockets (all kinds) one sign-in may hold on an instance; a tab holds one, a call page two. */
export const MAX_SOCKETS_PER_SESSION = 10;
/** Open sockets (all kinds) one person may hold on an instance, across their sign-ins. */
export const MAX_SOCKETS_PER_USER = 30;

/** Close codes both sides agree on; NO_RECONNECT_CLOSE_CODES says which of them end a client's retries. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  /** The server is restarting (a deploy): reconnect, to this instance or another behind the balancer. */
  serviceRestart: 1012,
  /** The server could not keep up with this socket (its frames piled up): reconnect after a backoff. */
  tryAgainLater: 1013,
  /** The session behind the socket ended (logout, account deleted): sign in again. */
  signedOut: 4401,
} as const;

/**
 * The closes after which a client does not reconnect: the other side closed on purpose (1000), or the
 * session ended (4401: sign in again). After any other close (1001, 1006, 1008, 1011, 1012, 1013…) a
 * client reconnects as its own policy says: a deploy must not leave open pages deaf (DECISIONS 010).
 */
export const NO_RECONNECT_CLOSE_CODES: readonly number[] = [CLOSE.normal, CLOSE.signedOut];

/** Bytes of a string as UTF-8, the unit the 16 KB limit is counted in. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
