import type { Env } from "../env.ts";
import { RateLimit, type RateLimitStore } from "./rate-limit.ts";

const HOUR = 60 * 60_000;

/** The costly actions one address or one person may take per hour, beyond sign-in (see LoginLimiter). */
export function productLimits(store: RateLimitStore, env: Env) {
  return {
    /** Per address: accounts made from one address. */
    signUp: new RateLimit(
      store,
      "signup",
      env.SIGNUPS_PER_ADDRESS_PER_HOUR,
      HOUR,
      (wait) => `Too many accounts have been created from this address. Please try again in ${wait}.`,
    ),
    /** Per user: photo uploads, each decoded and re-encoded. */
    photoUpload: new RateLimit(
      store,
      "photo",
      env.PHOTO_UPLOADS_PER_HOUR,
      HOUR,
      (wait) => `You have uploaded a lot of photos in a short time. Please try again in ${wait}.`,
    ),
    /** Per user: runs of the matching over the whole candidate pool. */
    generation: new RateLimit(
      store,
      "generate",
      env.MATCH_GENERATIONS_PER_HOUR,
      HOUR,
      (wait) => `You have looked for new matches many times in a short time. Please try again in ${wait}.`,
    ),
  };
}

export type ProductLimits = ReturnType<typeof productLimits>;
