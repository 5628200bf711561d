/**
 * Rate limits no test or benchmark meets: they act from one address at machine speed. The tests of
 * the limits themselves set their own.
 */
export const GENEROUS_LIMITS = {
  SIGNUPS_PER_ADDRESS_PER_HOUR: "1000000",
  PHOTO_UPLOADS_PER_HOUR: "1000000",
  MATCH_GENERATIONS_PER_HOUR: "1000000",
};
