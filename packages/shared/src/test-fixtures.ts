// Test data, defined once: the shared, server and matching tests all build on these.

import type { MatchProfile } from "./matching.ts";

// Wednesday 11 June 2025, noon in London: the pinned "today" of the date-dependent shared tests.
export const today = new Date("2025-06-11T11:00:00Z");

/**
 * A complete onboarding profile, as PUT /api/profile takes it: every field valid, every question
 * answered. It gives age 29 on `today` (and 21 to 100 for decades to come) within its own 25–35
 * preference. Tests override what they need.
 */
export const completeProfile = {
  dateOfBirth: "1995-06-15",
  avatar: "🦊",
  gender: "Woman",
  interestedGenders: ["Men"],
  agePreferenceMin: 25,
  agePreferenceMax: 35,
  location: "London",
  bio: "I love long walks and longer conversations.",
  communicationStyle: "Direct and straightforward",
  freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"],
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Quality time together",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Misaligned future goals"],
  callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
};

/** The wizard's values at the end of onboarding: the complete profile plus a username and the last step. */
export const completeOnboarding = {
  username: "sam.k",
  ...completeProfile,
  questionnaireStep: 17,
  onboardingCompleted: true,
};

/** Answers that share nothing with completeProfile's: a pair scores far below the minimum. */
export const clashingAnswers = {
  location: "Aberdeen",
  communicationStyle: "Actions more than words",
  freeTimeActivities: ["Movies, TV shows, and entertainment"],
  values: "Independence and freedom",
  conflictResolution: "Prefer to move on quickly without dwelling on issues",
  loveLanguage: "Thoughtful gifts",
  relationshipPace: "Diving deep quickly to establish emotional connection",
  dealbreakers: ["Different social needs"],
  callPreferences: { weekdays: [{ start: "07:00", end: "08:00" }], weekends: [], notAvailable: [] },
};

/** completeProfile as the matching engine sees it: a 30-year-old woman interested in men aged 25–35. */
export function person(overrides: Partial<MatchProfile> = {}): MatchProfile {
  const { dateOfBirth: _dob, avatar: _avatar, bio: _bio, ...matched } = completeProfile;
  return { id: 1, age: 30, ...matched, onboardingCompleted: true, ...overrides };
}

/** A woman interested in men and a man interested in women, otherwise alike: a candidate pair. */
export function pair(aOverrides: Partial<MatchProfile> = {}, bOverrides: Partial<MatchProfile> = {}) {
  const a = person(aOverrides);
  const b = person({ id: 2, gender: "Man", interestedGenders: ["Women"], ...bOverrides });
  return [a, b] as const;
}
