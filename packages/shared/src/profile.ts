// Profile input of SPEC §5 (Onboarding) and DECISIONS (Ages, Accounts, Plans): each field's schema, the
// body of PUT /api/profile with its forbidden fields, and POST /api/subscription. The completion rule and
// the wizard's step checks are in onboarding.ts; the date of birth and age are in date-of-birth.ts.
// Schemas that depend on today's date take a clock, so that tests and the server can pin it.

import { z } from "zod";
import { callPreferencesInputSchema } from "./call-slots.ts";
import { CITY_NAMES } from "./cities.ts";
import { AGE_MAX, AGE_MIN, USERNAME_MIN } from "./constants.ts";
import { dateOfBirthSchema } from "./date-of-birth.ts";
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

export const USERNAME_MAX = 30;
export const BIO_MAX = 500;
export const QUESTIONNAIRE_STEP_MAX = 19;

type Clock = () => Date;
const systemClock: Clock = () => new Date();

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

/** Each profile field as a wizard step requires it (absent values fail with the SPEC message). */
export function profileFieldSchemas(clock: Clock = systemClock) {
  return {
    username: z
      .string({ error: "Username is required" })
      .trim()
      .min(1, "Username is required")
      // One rule, sign-in's 3 (SPEC §5 Login): onboarding's 2 would let a name through that locks its owner out.
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
    matchingPaused: z.boolean({ error: "matchingPaused must be true or false" }),
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
        matchingPaused: f.matchingPaused.optional(),
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
 * username uniqueness, and `completionError` (onboarding.ts) when onboardingCompleted is true.
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

/** Body of POST /api/subscription, the only way to change plans. */
export const subscriptionSchema = z.strictObject(
  {
    profileType: z.enum(PROFILE_TYPES, { error: "Please choose a plan: basic, premium or elite" }),
  },
  { error: "Only profileType can be sent to change the plan" },
);
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;
