// Test data shared by profile.test.ts, onboarding.test.ts and date-of-birth.test.ts.

// Wednesday 11 June 2025, noon in London.
export const today = new Date("2025-06-11T11:00:00Z");

/** A profile that passes every field schema and every wizard step on `today`. */
export const complete = {
  username: "sam.k",
  dateOfBirth: "1990-04-02",
  avatar: "🦊",
  gender: "Woman",
  interestedGenders: ["Men", "Non-binary"],
  agePreferenceMin: 25,
  agePreferenceMax: 40,
  location: "Leeds",
  bio: "  I like long walks and longer phone calls.  ",
  communicationStyle: "Expressive and open",
  freeTimeActivities: ["Sports and fitness"],
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Acts of service",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Different social needs"],
  callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
  questionnaireStep: 17,
  onboardingCompleted: true,
};
