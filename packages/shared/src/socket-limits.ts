// Socket limits and close codes both sides share. No zod here: the web app's entry chunk imports it.

/** SPEC §9: a socket message over 16 KB is neither sent by a client nor accepted by the server. */
export const MAX_FRAME_BYTES = 16_384;
/** A client sending more frames than this in one second is closed with 1008. */
export const MAX_FRAMES_PER_SECOND = 50;

/** Close codes both sides agree on; NO_RECONNECT_CLOSE_CODES says which of them end a client's retries. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  /** The session behind the socket ended (logout, account deleted): sign in again. */
  signedOut: 4401,
} as const;

/**
 * The closes after which a client does not reconnect (SPEC §9): the other side closed on purpose (1000,
 * 1001), or the session ended (4401: sign in again). After any other close, 1008 and 1011 included, a
 * client reconnects as its own policy says.
 */
export const NO_RECONNECT_CLOSE_CODES: readonly number[] = [CLOSE.normal, CLOSE.goingAway, CLOSE.signedOut];

/** Bytes of a string as UTF-8, the unit the 16 KB limit is counted in. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
