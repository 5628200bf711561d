import { REPORTS_PER_HOUR } from "@kindred/shared/moderation";
import type { Env } from "../env.ts";
import { RateLimit, type RateLimitStore, tooManyRequests } from "./rate-limit.ts";

const HOUR = 60 * 60_000;

/** Reset mails: per address asked for (known or not, so the limit says nothing) and per asking IP. */
export const RESETS_PER_EMAIL_PER_HOUR = 3;
export const RESETS_PER_IP_PER_HOUR = 10;
export const VERIFICATION_MAILS_PER_HOUR = 3;
export const EMAIL_CHANGES_PER_HOUR = 5;

const RESET_REFUSED = (wait: string) => `Too many reset requests. Please try again in ${wait}.`;

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
    /** Per user: voice intro uploads, each parsed and rewritten in a worker. */
    voiceUpload: new RateLimit(
      store,
      "voice",
      env.VOICE_UPLOADS_PER_HOUR,
      HOUR,
      (wait) => `You have saved a lot of voice intros in a short time. Please try again in ${wait}.`,
    ),
    /** Per user: runs of the matching over the whole candidate pool. */
    generation: new RateLimit(
      store,
      "generate",
      env.MATCH_GENERATIONS_PER_HOUR,
      HOUR,
      (wait) => `You have looked for new matches many times in a short time. Please try again in ${wait}.`,
    ),
    /** Per address and per IP, both counted in one step: password reset mails. */
    passwordReset: {
      async take(email: string, ip: string): Promise<void> {
        const wait = await store.take([
          { key: `reset-email:${email.toLowerCase()}`, max: RESETS_PER_EMAIL_PER_HOUR, windowMs: HOUR },
          { key: `reset-ip:${ip}`, max: RESETS_PER_IP_PER_HOUR, windowMs: HOUR },
        ]);
        if (wait > 0) throw tooManyRequests(RESET_REFUSED, wait);
      },
    },
    /** Per user: reports filed (each blocks a match and reaches a moderator). */
    report: new RateLimit(
      store,
      "report",
      REPORTS_PER_HOUR,
      HOUR,
      (wait) => `You have reported several people in a short time. Please try again in ${wait}.`,
    ),
    /** Per user: 'Resend' of the verification mail. */
    verificationMail: new RateLimit(
      store,
      "verify-mail",
      VERIFICATION_MAILS_PER_HOUR,
      HOUR,
      (wait) => `We've sent several links already. Please check your inbox, or try again in ${wait}.`,
    ),
    /** Per user: changes of address, each mailing an address of the asker's choosing. */
    emailChange: new RateLimit(
      store,
      "email-change",
      EMAIL_CHANGES_PER_HOUR,
      HOUR,
      (wait) => `You have asked to change your email address several times. Please try again in ${wait}.`,
    ),
  };
}

export type ProductLimits = ReturnType<typeof productLimits>;
