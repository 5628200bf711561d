// Date of birth (SPEC §5 Onboarding, DECISIONS "Ages"): the age it gives on London's calendar date and the
// profile field's schema, which takes a clock so that tests and the server can pin today's date.

import { z } from "zod";
import { londonClock } from "./availability.ts";
import { AGE_MAX, AGE_MIN, PRODUCT_NAME } from "./constants.ts";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** [year, month, day] of a real calendar date "yyyy-MM-dd", or null. */
function parseIsoDate(text: string): [number, number, number] | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1 ? [year, month, day] : null;
}

/**
 * Age in whole years on `today`'s London calendar date. A birthday counts from its own date, so someone
 * born on 29 February turns a year older on 1 March in other years. Throws on a malformed date.
 */
export function ageFromDateOfBirth(dob: string, today: Date): number {
  const birth = parseIsoDate(dob);
  if (!birth) throw new RangeError(`Invalid date of birth: ${dob}`);
  const { year, month, day } = londonClock(today);
  const beforeBirthday = month < birth[1] || (month === birth[1] && day < birth[2]);
  return year - birth[0] - (beforeBirthday ? 1 : 0);
}

const DOB_REQUIRED = "Date of birth is required";

/** The dateOfBirth field: a real date, not in the future, giving an age of AGE_MIN to AGE_MAX on `clock()`. */
export function dateOfBirthSchema(clock: () => Date) {
  return z
    .string({ error: DOB_REQUIRED })
    .trim()
    .min(1, DOB_REQUIRED)
    .superRefine((value, ctx) => {
      if (value === "") return;
      if (!parseIsoDate(value)) {
        ctx.addIssue({ code: "custom", message: "Please enter a valid date of birth (yyyy-MM-dd)" });
        return;
      }
      const now = clock();
      if (value > londonClock(now).date) {
        ctx.addIssue({ code: "custom", message: "Date of birth cannot be in the future" });
        return;
      }
      const age = ageFromDateOfBirth(value, now);
      if (age < AGE_MIN) {
        ctx.addIssue({
          code: "custom",
          message: `You must be at least ${AGE_MIN} years old to use ${PRODUCT_NAME}`,
        });
      } else if (age > AGE_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `Age must be at most ${AGE_MAX}; please check your date of birth`,
        });
      }
    });
}
