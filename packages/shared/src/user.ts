import { z } from "zod";
import { DAY_NAMES } from "./options.ts";
import { PROFILE_TYPES } from "./plans.ts";
import { ROLES } from "./roles.ts";
import { statementSchema } from "./statement.ts";
import { voiceIntroSchema } from "./voice.ts";

export const timeSlotSchema = z.object({
  start: z.string().regex(/^\d{2}:\d{2}$/),
  end: z.string().regex(/^\d{2}:\d{2}$/),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** Empty lists mean "Flexible Timing": available any time. null means never set. */
export const callPreferencesSchema = z.object({
  weekdays: z.array(timeSlotSchema).max(24),
  weekends: z.array(timeSlotSchema).max(24),
  notAvailable: z.array(z.enum(DAY_NAMES)).max(7),
});
export type CallPreferences = z.infer<typeof callPreferencesSchema>;

/** The profile fields a person fills in; shared by the self and public shapes. */
const profileFields = {
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  interestedGenders: z.array(z.string()).nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  communicationStyle: z.string().nullable(),
  freeTimeActivities: z.array(z.string()).nullable(),
  values: z.string().nullable(),
  conflictResolution: z.string().nullable(),
  loveLanguage: z.string().nullable(),
  relationshipPace: z.string().nullable(),
  dealbreakers: z.array(z.string()).nullable(),
};

/** The signed-in user's own record: GET /api/user. Never carries the password hash. */
export const selfUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  profileType: z.enum(PROFILE_TYPES),
  isPremium: z.boolean(),
  dateOfBirth: z.string().nullable(),
  agePreferenceMin: z.number().int().nullable(),
  agePreferenceMax: z.number().int().nullable(),
  photoUrl: z.string().nullable(),
  voiceIntro: voiceIntroSchema.nullable(),
  callPreferences: callPreferencesSchema.nullable(),
  onboardingCompleted: z.boolean(),
  /** Signs in with Google only (no password): deleting the account asks for a typed confirmation. */
  googleOnly: z.boolean(),
  /** The email address was confirmed by a mailed link (or Google). Mail notifications need it. */
  emailVerified: z.boolean(),
  /** 'Pause my profile': out of new matching until resumed. */
  matchingPaused: z.boolean(),
  questionnaireStep: z.number().int(),
  needsOnboarding: z.boolean(),
  /** What 'Complete Profile' still asks for, by its wizard label, in wizard order (onboarding.ts). */
  missingForCompletion: z.array(z.string()),
  role: z.enum(ROLES),
  /** A moderation decision (a warning, the automatic hide) they have not yet acknowledged. */
  moderationNotice: statementSchema.nullable(),
  ...profileFields,
});
export type SelfUser = z.infer<typeof selfUserSchema>;

/**
 * What one person may see of another (DECISIONS "Privacy"): no email, full name, birth date,
 * or exact call times, and the photo only once the pair's photos are revealed.
 */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  photoUrl: z.string().nullable(),
  /** Only to the person's live matches (and themselves). */
  voiceIntro: voiceIntroSchema.nullable(),
  ...profileFields,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const errorSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  requiresUpgrade: z.boolean().optional(),
  retryAfterSeconds: z.number().optional(),
  /** Sign-in refused to a suspended or banned account: where to read the decision and appeal it. */
  appealUrl: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;
