// Tunables of the compatibility engine: weights, answer affinities and the distances, gaps and minutes
// at which a part of the score bottoms out. docs/matching.md explains every number; keep the two in step.

import type {
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "./options.ts";

/**
 * Weights in points. `overall` sums to 100 and turns the three breakdown fractions into
 * `compatibility`; `personality` sums to 100 and weights the parts of the personality fraction;
 * `age` sums to 100 (gap + both directions of fit).
 */
export const MATCH_WEIGHTS = {
  overall: { personality: 60, location: 25, age: 15 },
  personality: {
    values: 18,
    conflictResolution: 15,
    communicationStyle: 12,
    relationshipPace: 12,
    loveLanguage: 10,
    freeTimeActivities: 12,
    dealbreakers: 9,
    callTimes: 12,
  },
  age: { gap: 50, fitEachWay: 25 },
} as const;

/** Score of a part the engine cannot judge (an unanswered question, an unknown city, an unknown age). */
export const NEUTRAL_SCORE = 0.5;
/** Distance at which the location score reaches 0 (about the length of Great Britain). */
export const LOCATION_ZERO_KM = 800;
/** Age difference, in years, at which the age-gap part reaches 0. */
export const AGE_GAP_ZERO_YEARS = 20;
/** Weekly shared call time that counts as "plenty" even when both people are widely available. */
export const CALL_OVERLAP_TARGET_MINUTES = 180;

/**
 * "Different but compatible" answers: unordered pairs and the credit they get (identical answers
 * get 1, any pair not listed gets 0). Typed against the option lists so a typo fails the build.
 */
export const ANSWER_AFFINITIES = {
  communicationStyle: [
    ["Direct and straightforward", "Expressive and open", 0.5],
    ["Diplomatic and gentle", "Actions more than words", 0.5],
    ["Diplomatic and gentle", "Expressive and open", 0.3],
  ],
  values: [
    ["Honesty and trust", "Loyalty and commitment", 0.6],
    ["Honesty and trust", "Respect and equality", 0.5],
    ["Growth and personal development", "Independence and freedom", 0.5],
    ["Respect and equality", "Independence and freedom", 0.4],
    ["Respect and equality", "Growth and personal development", 0.3],
  ],
  conflictResolution: [
    ["Take time to process before discussing calmly", "Listen first, then share my perspective", 0.7],
    ["Seek compromise and middle ground", "Listen first, then share my perspective", 0.6],
    ["Take time to process before discussing calmly", "Seek compromise and middle ground", 0.5],
    ["Address issues immediately with direct communication", "Seek compromise and middle ground", 0.4],
    ["Address issues immediately with direct communication", "Listen first, then share my perspective", 0.3],
  ],
  loveLanguage: [
    ["Quality time together", "Physical touch", 0.5],
    ["Quality time together", "Verbal affirmation and compliments", 0.4],
    ["Acts of service", "Thoughtful gifts", 0.4],
    ["Quality time together", "Acts of service", 0.3],
  ],
  relationshipPace: [
    ["Moderate pace with regular communication", "Following intuition rather than a set timeline", 0.7],
    ["Taking things slowly and building friendship first", "Moderate pace with regular communication", 0.6],
    [
      "Diving deep quickly to establish emotional connection",
      "Following intuition rather than a set timeline",
      0.5,
    ],
    [
      "Moderate pace with regular communication",
      "Diving deep quickly to establish emotional connection",
      0.3,
    ],
    [
      "Taking things slowly and building friendship first",
      "Following intuition rather than a set timeline",
      0.3,
    ],
  ],
} as const satisfies {
  communicationStyle: readonly (readonly [
    (typeof COMMUNICATION_STYLES)[number],
    (typeof COMMUNICATION_STYLES)[number],
    number,
  ])[];
  values: readonly (readonly [(typeof VALUES)[number], (typeof VALUES)[number], number])[];
  conflictResolution: readonly (readonly [
    (typeof CONFLICT_STYLES)[number],
    (typeof CONFLICT_STYLES)[number],
    number,
  ])[];
  loveLanguage: readonly (readonly [
    (typeof LOVE_LANGUAGES)[number],
    (typeof LOVE_LANGUAGES)[number],
    number,
  ])[];
  relationshipPace: readonly (readonly [
    (typeof RELATIONSHIP_PACES)[number],
    (typeof RELATIONSHIP_PACES)[number],
    number,
  ])[];
};
