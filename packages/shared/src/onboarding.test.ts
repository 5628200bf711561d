import { describe, expect, it } from "vitest";
import {
  completionError,
  completionMessage,
  missingForCompletion,
  needsOnboarding,
  type ProfileLike,
  REQUIRED_FOR_COMPLETION,
  STEP_FIELDS,
  updateAgePreference,
  validateStep,
  WIZARD_STEPS,
} from "./onboarding.ts";
import { completeOnboarding as complete, today } from "./test-fixtures.ts";
import type { SelfUser } from "./user.ts";

const step = (n: number, values: ProfileLike) => validateStep(n, values, today);

describe("validateStep: one message per SPEC rule", () => {
  it("passes the steps without fields", () => {
    expect(step(1, {})).toBeNull();
    expect(step(19, {})).toBeNull();
    expect(Object.keys(STEP_FIELDS)).toHaveLength(WIZARD_STEPS);
  });

  it("step 2: username", () => {
    expect(step(2, {})).toBe("Username is required");
    expect(step(2, { username: "   " })).toBe("Username is required");
    expect(step(2, { username: " a " })).toBe("Username must be at least 3 characters");
    expect(step(2, { username: "ab" })).toBe("Username must be at least 3 characters");
    expect(step(2, { username: "abc" })).toBeNull();
    expect(step(2, { username: "sam_k-2.0" })).toBeNull();
    expect(step(2, { username: "sam k" })).toBe(
      "Username may use letters, numbers, dots, dashes and underscores only",
    );
    expect(step(2, { username: "a".repeat(31) })).toBe("Username must be at most 30 characters");
  });

  it("step 3: date of birth and age boundaries", () => {
    expect(step(3, {})).toBe("Date of birth is required");
    expect(step(3, { dateOfBirth: "" })).toBe("Date of birth is required");
    expect(step(3, { dateOfBirth: "2004-02-30" })).toBe("Please enter a valid date of birth (yyyy-MM-dd)");
    expect(step(3, { dateOfBirth: "11/06/2004" })).toBe("Please enter a valid date of birth (yyyy-MM-dd)");
    expect(step(3, { dateOfBirth: "2025-06-12" })).toBe("Date of birth cannot be in the future");
    expect(step(3, { dateOfBirth: "2025-06-11" })).toBe("You must be at least 21 years old to use Kindred");
    // Exactly 21 today passes; a day short does not.
    expect(step(3, { dateOfBirth: "2004-06-11" })).toBeNull();
    expect(step(3, { dateOfBirth: "2004-06-12" })).toBe("You must be at least 21 years old to use Kindred");
    // 100 is the oldest accepted age.
    expect(step(3, { dateOfBirth: "1924-06-12" })).toBeNull();
    expect(step(3, { dateOfBirth: "1924-06-11" })).toBe(
      "Age must be at most 100; please check your date of birth",
    );
  });

  it("step 4: avatar, optional but from the list", () => {
    expect(step(4, {})).toBeNull();
    expect(step(4, { avatar: "🦊" })).toBeNull();
    expect(step(4, { avatar: "X" })).toBe("Please choose one of the avatars");
  });

  it("steps 5 and 6: gender and interested genders", () => {
    expect(step(5, {})).toBe("Please select your gender");
    expect(step(5, { gender: "Robot" })).toBe("Please select your gender");
    expect(step(5, { gender: "Non-binary" })).toBeNull();
    expect(step(6, {})).toBe("Please select at least one gender");
    expect(step(6, { interestedGenders: [] })).toBe("Please select at least one gender");
    expect(step(6, { interestedGenders: ["Robots"] })).toBe(
      "Interested genders must be among Women, Men, Non-binary, Other",
    );
    expect(step(6, { interestedGenders: ["Other"] })).toBeNull();
  });

  it("step 7: age range", () => {
    expect(step(7, {})).toBeNull();
    expect(step(7, { agePreferenceMin: 20 })).toBe("Minimum age must be at least 21");
    expect(step(7, { agePreferenceMax: 20 })).toBe("Maximum age must be at least 21");
    expect(step(7, { agePreferenceMin: 101 })).toBe("Minimum age must be at most 100");
    expect(step(7, { agePreferenceMax: 101 })).toBe("Maximum age must be at most 100");
    expect(step(7, { agePreferenceMin: 30.5 })).toBe("Minimum age must be a whole number");
    expect(step(7, { agePreferenceMin: 40, agePreferenceMax: 39 })).toBe(
      "Maximum age must be greater than or equal to minimum age",
    );
    expect(step(7, { agePreferenceMin: 21, agePreferenceMax: 100 })).toBeNull();
  });

  it("steps 8 to 10: location, bio, communication style", () => {
    expect(step(8, {})).toBe("Please select your location");
    expect(step(8, { location: "Paris" })).toBe("Please select your location");
    expect(step(8, { location: "Newcastle upon Tyne" })).toBeNull();
    expect(step(9, {})).toBe("Bio is required");
    expect(step(9, { bio: " \n " })).toBe("Bio is required");
    expect(step(9, { bio: "x".repeat(501) })).toBe("Bio must be at most 500 characters");
    expect(step(9, { bio: ` ${"x".repeat(500)} ` })).toBeNull();
    expect(step(10, {})).toBeNull();
    expect(step(10, { communicationStyle: "Loud" })).toBe(
      "Please select a communication style from the list",
    );
    expect(step(10, { communicationStyle: "Direct and straightforward" })).toBeNull();
  });

  it("steps 11 to 16: the questionnaire", () => {
    expect(step(11, {})).toBe("Please select at least one activity");
    expect(step(11, { freeTimeActivities: [] })).toBe("Please select at least one activity");
    expect(step(11, { freeTimeActivities: ["Knitting"] })).toBe("Please select activities from the list");
    expect(step(12, {})).toBe("Please select your values");
    expect(step(12, { values: "Money" })).toBe("Please select your values");
    expect(step(13, {})).toBe("Please select your conflict resolution style");
    expect(step(14, {})).toBe("Please select your love language");
    expect(step(15, {})).toBe("Please select your relationship pace");
    expect(step(16, {})).toBe("Please select at least one dealbreaker");
    expect(step(16, { dealbreakers: [] })).toBe("Please select at least one dealbreaker");
    expect(step(16, { dealbreakers: ["Smoking"] })).toBe("Please select dealbreakers from the list");
    for (let n = 11; n <= 16; n++) expect(step(n, complete), `step ${n}`).toBeNull();
  });

  it("step 17: call times, optional (skip means Flexible Timing)", () => {
    expect(step(17, {})).toBeNull();
    expect(step(17, { callPreferences: null })).toBeNull();
    expect(step(17, { callPreferences: { weekdays: [{ start: "10:00" }] } })).toBe(
      "Please provide both start and end time",
    );
    expect(step(17, { callPreferences: { weekends: [{ start: "10:00", end: "09:00" }] } })).toBe(
      "End time must be after start time",
    );
    expect(step(17, complete)).toBeNull();
  });

  it("step 18: the completion rule", () => {
    expect(step(18, complete)).toBeNull();
    expect(step(18, { ...complete, gender: undefined, bio: " " })).toBe("Please complete: Gender, Bio");
  });

  it("accepts every step of a complete profile", () => {
    for (let n = 1; n <= WIZARD_STEPS; n++) expect(step(n, complete), `step ${n}`).toBeNull();
  });
});

describe("completion", () => {
  it("lists every required field of an empty profile, in wizard order", () => {
    expect(missingForCompletion({}, today)).toEqual([
      "Username",
      "Date of birth",
      "Gender",
      "Interested in",
      "Location",
      "Bio",
      "Activities",
      "Values",
      "Conflict resolution",
      "Love language",
      "Relationship pace",
      "Deal breakers",
    ]);
    expect(REQUIRED_FOR_COMPLETION.map((r) => r.label)).toEqual(missingForCompletion({}, today));
  });

  it("needs nothing more of a complete profile; communication style, avatar and call times are optional", () => {
    const { communicationStyle, avatar, callPreferences, agePreferenceMin, agePreferenceMax, ...rest } =
      complete;
    expect(missingForCompletion(rest, today)).toEqual([]);
    expect(completionError(rest, today)).toBeNull();
  });

  it("counts invalid values and an age under 21 as missing", () => {
    expect(missingForCompletion({ ...complete, dateOfBirth: "2004-06-12" }, today)).toEqual([
      "Date of birth",
    ]);
    expect(missingForCompletion({ ...complete, dateOfBirth: "2004-06-11" }, today)).toEqual([]);
    expect(missingForCompletion({ ...complete, location: "Paris", dealbreakers: [] }, today)).toEqual([
      "Location",
      "Deal breakers",
    ]);
  });

  it("words the server's and the wizard's message", () => {
    expect(completionMessage([])).toBeNull();
    expect(completionMessage(["Gender", "Bio"])).toBe("Please complete: Gender, Bio");
    expect(completionError({ ...complete, values: null }, today)).toBe("Please complete: Values");
  });
});

describe("needsOnboarding", () => {
  const done = { ...complete, age: 35, onboardingCompleted: true };

  it("is false for a completed profile with the basics", () => {
    expect(needsOnboarding(done)).toBe(false);
  });

  it("is true until onboarding is completed", () => {
    expect(needsOnboarding({ ...done, onboardingCompleted: false })).toBe(true);
    expect(needsOnboarding({ ...done, onboardingCompleted: undefined })).toBe(true);
  });

  it("is true when age, gender, interested genders, location or bio is missing", () => {
    expect(needsOnboarding({ ...done, age: null })).toBe(true);
    expect(needsOnboarding({ ...done, gender: null })).toBe(true);
    expect(needsOnboarding({ ...done, interestedGenders: [] })).toBe(true);
    expect(needsOnboarding({ ...done, location: "" })).toBe(true);
    expect(needsOnboarding({ ...done, bio: "   " })).toBe(true);
  });

  it("accepts the user record of GET /api/user", () => {
    const user = { ...done, id: 1, email: "a@b.c", needsOnboarding: false } as unknown as SelfUser;
    expect(needsOnboarding(user)).toBe(false);
  });
});

describe("updateAgePreference", () => {
  it("keeps min <= max the way the selectors do", () => {
    expect(updateAgePreference({ min: 21, max: 65 }, "min", 70)).toEqual({ min: 70, max: 70 });
    expect(updateAgePreference({ min: 30, max: 65 }, "max", 25)).toEqual({ min: 25, max: 25 });
    expect(updateAgePreference({ min: 30, max: 65 }, "min", 40)).toEqual({ min: 40, max: 65 });
  });
});
