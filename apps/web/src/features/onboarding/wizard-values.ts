// The wizard's form values: one object for all 18 steps, seeded from the saved user so that a reload or
// 'Update Profile' shows every saved answer.

import { AGE_PREFERENCE_DEFAULT_MAX, AGE_PREFERENCE_DEFAULT_MIN } from "@kindred/shared/constants";
import { STEP_FIELDS, validateStep, WIZARD_STEPS } from "@kindred/shared/onboarding";
import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { CallPreferences, SelfUser } from "@kindred/shared/user";

export interface WizardValues {
  username: string;
  dateOfBirth: string | null;
  avatar: string | null;
  gender: string | null;
  interestedGenders: string[];
  agePreferenceMin: number;
  agePreferenceMax: number;
  location: string | null;
  bio: string;
  communicationStyle: string | null;
  freeTimeActivities: string[];
  values: string | null;
  conflictResolution: string | null;
  loveLanguage: string | null;
  relationshipPace: string | null;
  dealbreakers: string[];
  callPreferences: CallPreferences;
}

/** Skipping the call-times step: no slots and no unavailable days means always available. */
export const FLEXIBLE_CALL_PREFERENCES: CallPreferences = { weekdays: [], weekends: [], notAvailable: [] };

/** Step 19 is the completion view shown after a successful final save. */
export const COMPLETION_STEP = WIZARD_STEPS + 1;

export function valuesFromUser(user: SelfUser): WizardValues {
  return {
    username: user.username,
    dateOfBirth: user.dateOfBirth,
    avatar: user.avatar,
    gender: user.gender,
    interestedGenders: user.interestedGenders ?? [],
    agePreferenceMin: user.agePreferenceMin ?? AGE_PREFERENCE_DEFAULT_MIN,
    agePreferenceMax: user.agePreferenceMax ?? AGE_PREFERENCE_DEFAULT_MAX,
    location: user.location,
    bio: user.bio ?? "",
    communicationStyle: user.communicationStyle,
    freeTimeActivities: user.freeTimeActivities ?? [],
    values: user.values,
    conflictResolution: user.conflictResolution,
    loveLanguage: user.loveLanguage,
    relationshipPace: user.relationshipPace,
    dealbreakers: user.dealbreakers ?? [],
    callPreferences: user.callPreferences ?? FLEXIBLE_CALL_PREFERENCES,
  };
}

/** The fields a step edits, as PUT /api/profile takes them; unanswered optional fields are left out. */
export function stepFields(step: number, values: WizardValues): ProfileUpdateInput {
  const body: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step] ?? []) {
    const value = (values as unknown as Record<string, unknown>)[field];
    if (value !== null && value !== undefined) body[field] = value;
  }
  // The form keeps choices as plain strings; validateStep holds them to the shared field schemas before
  // the wizard saves a step, and the server parses the body with the same schemas.
  return body as ProfileUpdateInput;
}

/** What the exit button may save of the step on screen: its fields only if they validate. */
export function exitFields(step: number, values: WizardValues): ProfileUpdateInput {
  if (step >= WIZARD_STEPS || validateStep(step, values) !== null) return {};
  return stepFields(step, values);
}

/** The step to resume at: the saved questionnaireStep, within the wizard's steps. */
export function resumeStep(questionnaireStep: number, firstStep: number): number {
  return Math.min(WIZARD_STEPS, Math.max(firstStep, questionnaireStep));
}
