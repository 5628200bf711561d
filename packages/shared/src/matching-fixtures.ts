// Test profiles shared by the matching tests.

import type { MatchProfile } from "./matching.ts";

/** A 30-year-old woman in London interested in men aged 25–35, with an answer to every question. */
export function person(overrides: Partial<MatchProfile> = {}): MatchProfile {
  return {
    id: 1,
    age: 30,
    gender: "Woman",
    interestedGenders: ["Men"],
    agePreferenceMin: 25,
    agePreferenceMax: 35,
    location: "London",
    communicationStyle: "Direct and straightforward",
    freeTimeActivities: ["Outdoor activities and nature", "Sports and fitness"],
    values: "Honesty and trust",
    conflictResolution: "Address issues immediately with direct communication",
    loveLanguage: "Quality time together",
    relationshipPace: "Moderate pace with regular communication",
    dealbreakers: ["Misaligned future goals"],
    callPreferences: { weekdays: [{ start: "18:00", end: "21:00" }], weekends: [], notAvailable: [] },
    onboardingCompleted: true,
    ...overrides,
  };
}

/** A woman interested in men and a man interested in women, otherwise alike: a candidate pair. */
export function pair(aOverrides: Partial<MatchProfile> = {}, bOverrides: Partial<MatchProfile> = {}) {
  const a = person(aOverrides);
  const b = person({ id: 2, gender: "Man", interestedGenders: ["Women"], ...bOverrides });
  return [a, b] as const;
}
