// Business constants of SPEC §9 and DECISIONS. One definition; both sides import it.

export const PRODUCT_NAME = "Kindred";

/**
 * A cookie the browser can read, set beside the (HttpOnly) session cookie with the same lifetime: "this
 * browser may be signed in". The web app asks GET /api/user only when it is there, so a visitor's page
 * makes no request that must fail. It grants nothing: the session cookie stays the only proof.
 */
export const SIGNED_IN_HINT_COOKIE = "kindred_signed_in";

/**
 * The browser's time zone (an IANA name), which the web app writes at each start: the server renders a
 * signed-in page's times in it, as the browser then shows them.
 */
export const TIME_ZONE_COOKIE = "kindred_tz";

export const AGE_MIN = 21;
export const AGE_MAX = 100;
export const AGE_PREFERENCE_DEFAULT_MIN = 21;
export const AGE_PREFERENCE_DEFAULT_MAX = 65;
export const YEAR_PICKER_EARLIEST = 1900;
export const YEAR_PICKER_PAGE_SIZE = 24;

export const TIME_ZONE = "Europe/London";
/** Hourly schedule slots 9:00 to 20:00. */
export const SCHEDULE_HOURS = Array.from({ length: 12 }, (_, i) => 9 + i);
/** A call can be scheduled at most this many days ahead. */
export const SCHEDULE_HORIZON_DAYS = 90;
export const AVAILABLE_SOON_WINDOW_MINUTES = 60;

export const TIMERS = {
  heartbeatMs: 15_000,
  reconnectCapMs: 30_000,
  failureRetryMs: 5_000,
  pollMs: 5_000,
  wizardCloseMs: 2_000,
  avatarAdvanceMs: 500,
  callRedirectMs: 2_000,
  callPanelCloseMs: 1_500,
  callStartFailureCloseMs: 3_000,
  tooltipDelayMs: 700,
} as const;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5_000,
  swipeThreshold: 50,
  hotkey: ["F8"],
} as const;

/** The most messages one GET of a conversation returns; page on with `after` (here: the web's entry reads it). */
export const MESSAGE_PAGE_MAX = 200;

/** DECISIONS "Chat and notes": a message is 1 to 2,000 characters after trimming. */
export const MESSAGE_MAX = 2_000;

/** DECISIONS "Chat and notes": a note is 1 to 5,000 characters after trimming. */
export const NOTE_MAX = 5_000;

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

/** SPEC §9 "Call socket wrapper" and "Signalling service". */
export const SIGNALLING = {
  reconnectAttempts: 8,
  baseDelayMs: 2_000,
  multiplier: 1.5,
  jitterMs: 1_000,
  heartbeatStartMs: 1_000,
  heartbeatEveryMs: 10_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  joinTimeoutMs: 10_000,
} as const;
