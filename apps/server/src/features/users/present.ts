import { missingForCompletion, needsOnboarding } from "@kindred/shared/onboarding";
import { planOf } from "@kindred/shared/plans";
import { type PublicUser, type SelfUser, selfUserSchema } from "@kindred/shared/user";
import type { VoiceIntro } from "@kindred/shared/voice";
import type { StoredVoiceIntro, UserRow } from "../../db/schema/users.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";

/** Photos are only ever served through this authorised route, never a public path. */
export const photoPath = (userId: number) => `/api/users/${userId}/photo`;
/** The same for voice intros: heard by the owner and their live matches only. */
export const voicePath = (userId: number) => `/api/users/${userId}/voice`;

const voiceIntroOf = (userId: number, stored: StoredVoiceIntro | null): VoiceIntro | null =>
  stored && {
    url: voicePath(userId),
    durationMs: stored.durationMs,
    peaks: stored.peaks,
    updatedAt: stored.updatedAt,
  };

const profileOf = (u: SessionUser) => ({
  age: u.age,
  gender: u.gender,
  interestedGenders: u.interestedGenders,
  location: u.location,
  bio: u.bio,
  avatar: u.avatar,
  communicationStyle: u.communicationStyle,
  freeTimeActivities: u.freeTimeActivities,
  values: u.values,
  conflictResolution: u.conflictResolution,
  loveLanguage: u.loveLanguage,
  relationshipPace: u.relationshipPace,
  dealbreakers: u.dealbreakers,
});

export function toSelfUser(u: SessionUser | UserRow): SelfUser {
  const profile = { username: u.username, dateOfBirth: u.dateOfBirth, ...profileOf(u) };
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    createdAt: u.createdAt.toISOString(),
    profileType: planOf(u.profileType).type,
    isPremium: u.profileType !== "basic",
    dateOfBirth: u.dateOfBirth,
    agePreferenceMin: u.agePreferenceMin,
    agePreferenceMax: u.agePreferenceMax,
    photoUrl: u.photoUrl ? photoPath(u.id) : null,
    voiceIntro: voiceIntroOf(u.id, u.voiceIntro),
    callPreferences: u.callPreferences ?? null,
    onboardingCompleted: u.onboardingCompleted,
    matchingPaused: u.matchingPaused,
    emailVerified: u.emailVerified,
    googleOnly: "passwordHash" in u ? u.passwordHash === null : u.hasPassword === false,
    questionnaireStep: u.questionnaireStep,
    needsOnboarding: needsOnboarding(u),
    missingForCompletion: missingForCompletion(profile),
    role: u.role,
    moderationNotice: u.moderationNotice ?? null,
    ...profileOf(u),
  };
}

const selfUserBodies = new WeakMap<SessionUser, string>();

/**
 * GET /api/user's body, as the route's response schema would serialize it, made once per user object:
 * a session's user is one object from its lookup until the session cache forgets it (every change to
 * the row does that), and nothing changes it in place, so a new version of the row is a new object.
 */
export function selfUserBody(u: SessionUser): string {
  let body = selfUserBodies.get(u);
  if (body === undefined) {
    body = JSON.stringify(selfUserSchema.parse(toSelfUser(u)));
    selfUserBodies.set(u, body);
  }
  return body;
}

/**
 * Another person's view of `u`: the photo only when the pair's photos are revealed, the voice intro
 * only while their match is live.
 */
export function toPublicUser(
  u: SessionUser,
  opts: { photoRevealed: boolean; liveMatch: boolean },
): PublicUser {
  return {
    id: u.id,
    username: u.username,
    photoUrl: opts.photoRevealed && u.photoUrl ? photoPath(u.id) : null,
    voiceIntro: opts.liveMatch ? voiceIntroOf(u.id, u.voiceIntro) : null,
    ...profileOf(u),
  };
}
