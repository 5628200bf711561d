/**
 * Rate limits no test or benchmark meets: they act from one address at machine speed. The tests of
 * the limits themselves set their own.
 */
export const GENEROUS_LIMITS = {
  SIGNUPS_PER_ADDRESS_PER_HOUR: "1000000",
  PHOTO_UPLOADS_PER_HOUR: "1000000",
  VOICE_UPLOADS_PER_HOUR: "1000000",
  MATCH_GENERATIONS_PER_HOUR: "1000000",
  // Load shedding off: test files run side by side on two cores, where PGlite's work on the event loop
  // can lag it past a second. The load-shedding test sets its own threshold.
  MAX_EVENT_LOOP_DELAY_MS: "0",
};
