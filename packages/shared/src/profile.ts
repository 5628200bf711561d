// Profile input of SPEC §5 (Onboarding, Completion) and DECISIONS (Ages, Accounts, Plans): the body of
// PUT /api/profile, the wizard's step checks, the completion rule and POST /api/subscription.
// Schemas that depend on today's date take a clock, so that tests and the server can pin it.

import { z } from "zod";
import { londonClock } from "./availability.ts";
import { callPreferencesInputSchema } from "./call-slots.ts";
import { CITY_NAMES } from "./cities.ts";
import { AGE_MAX, AGE_MIN, PRODUCT_NAME, USERNAME_MIN } from "./constants.ts";
import {
  ACTIVITIES,
  AVATAR_EMOJIS,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DEALBREAKERS,
  GENDERS,
  INTERESTED_GENDERS,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "./options.ts";
import { PROFILE_TYPES } from "./plans.ts";

/** SPEC §5 onboarding allows 2 characters, registration and login 3 (USERNAME_MIN): see the report. */
export const ONBOARDING_USERNAME_MIN = 2;
export const USERNAME_MAX = 30;
export const BIO_MAX = 500;
export const QUESTIONNAIRE_STEP_MAX = 19;

type Clock = () => Date;
const systemClock: Clock = () => new Date();

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

function oneOf<T extends string>(options: readonly T[], message: string) {
  return z.string({ error: message }).refine((value): value is T => options.includes(value as T), message);
}

/** A list of one or more options, de-duplicated. */
function someOf<T extends string>(options: readonly [T, ...T[]], message: string, invalid: string) {
  return z
    .array(z.enum(options, { error: invalid }), { error: message })
    .min(1, message)
    .transform((list) => [...new Set(list)]);
}

const DOB_REQUIRED = "Date of birth is required";

function dateOfBirthSchema(clock: Clock) {
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

function agePreferenceSchema(label: "Minimum" | "Maximum") {
  return z
    .number({ error: `${label} age must be a whole number` })
    .int(`${label} age must be a whole number`)
    .min(AGE_MIN, `${label} age must be at least ${AGE_MIN}`)
    .max(AGE_MAX, `${label} age must be at most ${AGE_MAX}`);
}

export const AGE_PREFERENCE_ORDER_MESSAGE = "Maximum age must be greater than or equal to minimum age";

/** The order rule on a (possibly merged) preference; null if fine or if either bound is unset. */
export function agePreferenceError(min: unknown, max: unknown): string | null {
  return typeof min === "number" && typeof max === "number" && max < min
    ? AGE_PREFERENCE_ORDER_MESSAGE
    : null;
}

/** Raising the minimum above the maximum lifts the maximum; lowering the maximum below it lowers the minimum. */
export function updateAgePreference(
  current: { min: number; max: number },
  bound: "min" | "max",
  value: number,
): { min: number; max: number } {
  return bound === "min"
    ? { min: value, max: Math.max(current.max, value) }
    : { min: Math.min(current.min, value), max: value };
}

/** Each profile field as a wizard step requires it (absent values fail with the SPEC message). */
export function profileFieldSchemas(clock: Clock = systemClock) {
  return {
    username: z
      .string({ error: "Username is required" })
      .trim()
      .min(1, "Username is required")
      .min(ONBOARDING_USERNAME_MIN, `Username must be at least ${ONBOARDING_USERNAME_MIN} characters`)
      // Sign-in requires 3 (SPEC §5 Login), so a shorter name would lock its owner out.
      .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
      .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
      .regex(/^[A-Za-z0-9_.-]*$/, "Username may use letters, numbers, dots, dashes and underscores only"),
    dateOfBirth: dateOfBirthSchema(clock),
    avatar: z.enum(AVATAR_EMOJIS, { error: "Please choose one of the avatars" }),
    gender: z.enum(GENDERS, { error: "Please select your gender" }),
    interestedGenders: someOf(
      INTERESTED_GENDERS,
      "Please select at least one gender",
      `Interested genders must be among ${INTERESTED_GENDERS.join(", ")}`,
    ),
    agePreferenceMin: agePreferenceSchema("Minimum"),
    agePreferenceMax: agePreferenceSchema("Maximum"),
    location: oneOf(CITY_NAMES, "Please select your location"),
    bio: z
      .string({ error: "Bio is required" })
      .trim()
      .min(1, "Bio is required")
      .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
    communicationStyle: z.enum(COMMUNICATION_STYLES, {
      error: "Please select a communication style from the list",
    }),
    freeTimeActivities: someOf(
      ACTIVITIES,
      "Please select at least one activity",
      "Please select activities from the list",
    ),
    values: z.enum(VALUES, { error: "Please select your values" }),
    conflictResolution: z.enum(CONFLICT_STYLES, { error: "Please select your conflict resolution style" }),
    loveLanguage: z.enum(LOVE_LANGUAGES, { error: "Please select your love language" }),
    relationshipPace: z.enum(RELATIONSHIP_PACES, { error: "Please select your relationship pace" }),
    dealbreakers: someOf(
      DEALBREAKERS,
      "Please select at least one dealbreaker",
      "Please select dealbreakers from the list",
    ),
    callPreferences: callPreferencesInputSchema,
    questionnaireStep: z
      .number({ error: `Questionnaire step must be a whole number from 0 to ${QUESTIONNAIRE_STEP_MAX}` })
      .int(`Questionnaire step must be a whole number from 0 to ${QUESTIONNAIRE_STEP_MAX}`)
      .min(0, `Questionnaire step must be a whole number from 0 to ${QUESTIONNAIRE_STEP_MAX}`)
      .max(
        QUESTIONNAIRE_STEP_MAX,
        `Questionnaire step must be a whole number from 0 to ${QUESTIONNAIRE_STEP_MAX}`,
      ),
    onboardingCompleted: z.boolean({ error: "onboardingCompleted must be true or false" }),
  };
}

type FieldSchemas = ReturnType<typeof profileFieldSchemas>;
export type ProfileField = keyof FieldSchemas;

/** Never accepted by PUT /api/profile (DECISIONS "Accounts"); nor is any other id (`userId`, `matchId` …). */
export const FORBIDDEN_PROFILE_FIELDS = [
  "password",
  "email",
  "profileType",
  "isPremium",
  "idVerified",
  "isPhotoRevealed",
  "createdAt",
  "id",
] as const;

export function isForbiddenProfileField(key: string): boolean {
  return (FORBIDDEN_PROFILE_FIELDS as readonly string[]).includes(key) || /^id$|Id$|_id$/.test(key);
}

function forbiddenMessage(key: string): string {
  const hint =
    key === "profileType" || key === "isPremium" ? " (plan changes go through POST /api/subscription)" : "";
  return `${key} cannot be changed here${hint}`;
}

function buildUpdateObject(clock: Clock) {
  const f = profileFieldSchemas(clock);
  return z
    .strictObject(
      {
        username: f.username.optional(),
        dateOfBirth: f.dateOfBirth.optional(),
        avatar: f.avatar.nullable().optional(),
        gender: f.gender.optional(),
        interestedGenders: f.interestedGenders.optional(),
        agePreferenceMin: f.agePreferenceMin.optional(),
        agePreferenceMax: f.agePreferenceMax.optional(),
        location: f.location.optional(),
        bio: f.bio.optional(),
        communicationStyle: f.communicationStyle.nullable().optional(),
        freeTimeActivities: f.freeTimeActivities.optional(),
        values: f.values.optional(),
        conflictResolution: f.conflictResolution.optional(),
        loveLanguage: f.loveLanguage.optional(),
        relationshipPace: f.relationshipPace.optional(),
        dealbreakers: f.dealbreakers.optional(),
        callPreferences: f.callPreferences.nullable().optional(),
        questionnaireStep: f.questionnaireStep.optional(),
        onboardingCompleted: f.onboardingCompleted.optional(),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? `Unknown profile field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`
            : "The profile must be a JSON object",
      },
    )
    .superRefine((body, ctx) => {
      const message = agePreferenceError(body.agePreferenceMin, body.agePreferenceMax);
      if (message) ctx.addIssue({ code: "custom", message, path: ["agePreferenceMax"] });
    });
}

export type ProfileUpdateInput = z.input<ReturnType<typeof buildUpdateObject>>;
export type ProfileUpdate = z.output<ReturnType<typeof buildUpdateObject>>;

/**
 * Body of PUT /api/profile: every field optional (the wizard saves each step), unknown keys refused.
 * A body carrying a forbidden field fails with only "<field> cannot be changed here", path [field].
 * The server still checks, on the merged record: the age-preference order (`agePreferenceError`),
 * username uniqueness, and `completionError` when onboardingCompleted is true.
 */
export function createProfileUpdateSchema(clock: Clock = systemClock) {
  return z
    .unknown()
    .superRefine((body, ctx) => {
      if (typeof body !== "object" || body === null || Array.isArray(body)) return;
      for (const key of Object.keys(body)) {
        if (isForbiddenProfileField(key))
          ctx.addIssue({ code: "custom", message: forbiddenMessage(key), path: [key] });
      }
    })
    .pipe(buildUpdateObject(clock));
}

export const profileUpdateSchema = createProfileUpdateSchema();

/** Fields required before onboardingCompleted may be true (SPEC §5 "Completion"), in wizard order. */
export const REQUIRED_FOR_COMPLETION = [
  { field: "username", label: "Username", step: 2 },
  { field: "dateOfBirth", label: "Date of birth", step: 3 },
  { field: "gender", label: "Gender", step: 5 },
  { field: "interestedGenders", label: "Interested in", step: 6 },
  { field: "location", label: "Location", step: 8 },
  { field: "bio", label: "Bio", step: 9 },
  { field: "freeTimeActivities", label: "Activities", step: 11 },
  { field: "values", label: "Values", step: 12 },
  { field: "conflictResolution", label: "Conflict resolution", step: 13 },
  { field: "loveLanguage", label: "Love language", step: 14 },
  { field: "relationshipPace", label: "Relationship pace", step: 15 },
  { field: "dealbreakers", label: "Deal breakers", step: 16 },
] as const satisfies readonly { field: ProfileField; label: string; step: number }[];

/** Any record with profile fields: a stored user, a SelfUser, or the wizard's form values. */
export type ProfileLike = Partial<Record<ProfileField | "age", unknown>>;

/**
 * Labels of required fields that are missing or invalid (a date of birth counts only if the age it gives on
 * `today` is within 21–100), in wizard order. Empty when the profile may be completed.
 */
export function missingForCompletion(profile: ProfileLike, today: Date = new Date()): string[] {
  const schemas = profileFieldSchemas(() => today);
  return REQUIRED_FOR_COMPLETION.filter(({ field }) => !schemas[field].safeParse(profile[field]).success).map(
    ({ label }) => label,
  );
}

/** "Please complete: Gender, Bio", or null when nothing is missing. */
export function completionMessage(missing: readonly string[]): string | null {
  return missing.length === 0 ? null : `Please complete: ${missing.join(", ")}`;
}

/** The 400 message for an early onboardingCompleted: true, or null if the profile may be completed. */
export function completionError(profile: ProfileLike, today: Date = new Date()): string | null {
  return completionMessage(missingForCompletion(profile, today));
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** SPEC §2: the wizard shows if onboarding is not completed or age, gender, interests, location or bio is missing. */
export function needsOnboarding(profile: ProfileLike & { onboardingCompleted?: unknown }): boolean {
  if (profile.onboardingCompleted !== true) return true;
  if (typeof profile.age !== "number" || !Number.isFinite(profile.age)) return true;
  return (["gender", "interestedGenders", "location", "bio"] as const).some((field) =>
    isBlank(profile[field]),
  );
}

/** The fields each wizard step edits (SPEC §2); the wizard's partial save sends these. */
export const STEP_FIELDS: Readonly<Record<number, readonly ProfileField[]>> = {
  1: [],
  2: ["username"],
  3: ["dateOfBirth"],
  4: ["avatar"],
  5: ["gender"],
  6: ["interestedGenders"],
  7: ["agePreferenceMin", "agePreferenceMax"],
  8: ["location"],
  9: ["bio"],
  10: ["communicationStyle"],
  11: ["freeTimeActivities"],
  12: ["values"],
  13: ["conflictResolution"],
  14: ["loveLanguage"],
  15: ["relationshipPace"],
  16: ["dealbreakers"],
  17: ["callPreferences"],
  18: [],
};
export const WIZARD_STEPS = 18;

/** Fields a step may leave empty (null or undefined): the avatar, the age range, style and call times. */
const OPTIONAL_STEP_FIELDS: readonly ProfileField[] = [
  "avatar",
  "agePreferenceMin",
  "agePreferenceMax",
  "communicationStyle",
  "callPreferences",
];

/**
 * The first error of a wizard step's fields in `values`, or null if the step may be left. Step 18 checks the
 * completion rule. Steps without fields (1, and 19 the completion view, or any unknown step) pass.
 */
export function validateStep(step: number, values: ProfileLike, today: Date = new Date()): string | null {
  if (step === WIZARD_STEPS) return completionError(values, today);
  const schemas = profileFieldSchemas(() => today);
  for (const field of STEP_FIELDS[step] ?? []) {
    const value = values[field];
    if (OPTIONAL_STEP_FIELDS.includes(field) && (value === null || value === undefined)) continue;
    const result = schemas[field].safeParse(value);
    if (!result.success) return result.error.issues[0]?.message ?? "Invalid value";
  }
  return step === 7 ? agePreferenceError(values.agePreferenceMin, values.agePreferenceMax) : null;
}

/** Body of POST /api/subscription, the only way to change plans. */
export const subscriptionSchema = z.strictObject(
  {
    profileType: z.enum(PROFILE_TYPES, { error: "Please choose a plan: basic, premium or elite" }),
  },
  { error: "Only profileType can be sent to change the plan" },
);
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;
