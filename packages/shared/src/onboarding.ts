// The onboarding wizard's rules (SPEC §2 and §5 "Completion"): the fields required to complete, the
// fields each step edits and its check, when the wizard shows, and the age-range selectors' rule.

import { agePreferenceError, type ProfileField, profileFieldSchemas } from "./profile.ts";

/**
 * The field schemas, made once and read as of `today` (a date of birth's age): making them costs far
 * more than a check, and the server checks the completion rule on every GET /api/user. Their checks are
 * synchronous, so `today` cannot change under one.
 */
let asOf = new Date();
let fieldSchemas: ReturnType<typeof profileFieldSchemas> | undefined;
function schemasAsOf(today: Date) {
  asOf = today;
  fieldSchemas ??= profileFieldSchemas(() => asOf);
  return fieldSchemas;
}

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
  const schemas = schemasAsOf(today);
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
  const schemas = schemasAsOf(today);
  for (const field of STEP_FIELDS[step] ?? []) {
    const value = values[field];
    if (OPTIONAL_STEP_FIELDS.includes(field) && (value === null || value === undefined)) continue;
    const result = schemas[field].safeParse(value);
    if (!result.success) return result.error.issues[0]?.message ?? "Invalid value";
  }
  return step === 7 ? agePreferenceError(values.agePreferenceMin, values.agePreferenceMax) : null;
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
