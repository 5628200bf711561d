import { describe, expect, it } from "vitest";
import {
  ageFromDateOfBirth,
  completionError,
  completionMessage,
  createProfileUpdateSchema,
  FORBIDDEN_PROFILE_FIELDS,
  missingForCompletion,
  needsOnboarding,
  type ProfileLike,
  profileUpdateSchema,
  REQUIRED_FOR_COMPLETION,
  STEP_FIELDS,
  subscriptionSchema,
  updateAgePreference,
  validateStep,
  WIZARD_STEPS,
} from "./profile.ts";
import type { SelfUser } from "./user.ts";

// Wednesday 11 June 2025, noon in London.
const today = new Date("2025-06-11T11:00:00Z");
const schema = createProfileUpdateSchema(() => today);

const complete = {
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

const issuesOf = (body: unknown) => {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ message: issue.message, path: issue.path }));
};
const messageOf = (body: unknown) => issuesOf(body)[0]?.message ?? null;
const step = (n: number, values: ProfileLike) => validateStep(n, values, today);

describe("ageFromDateOfBirth", () => {
  it("counts whole years on the London calendar", () => {
    expect(ageFromDateOfBirth("2004-06-11", today)).toBe(21);
    expect(ageFromDateOfBirth("2004-06-12", today)).toBe(20);
    expect(ageFromDateOfBirth("1990-12-31", today)).toBe(34);
    // 23:30 UTC on 10 June is already 11 June in London (BST).
    expect(ageFromDateOfBirth("2004-06-11", new Date("2025-06-10T23:30:00Z"))).toBe(21);
    expect(ageFromDateOfBirth("2004-06-11", new Date("2025-06-10T22:30:00Z"))).toBe(20);
  });

  it("lets a 29 February birthday count from 1 March in other years", () => {
    expect(ageFromDateOfBirth("2004-02-29", new Date("2025-02-28T12:00:00Z"))).toBe(20);
    expect(ageFromDateOfBirth("2004-02-29", new Date("2025-03-01T12:00:00Z"))).toBe(21);
  });

  it("refuses a malformed date", () => {
    expect(() => ageFromDateOfBirth("2004-02-30", today)).toThrow(RangeError);
    expect(() => ageFromDateOfBirth("11/06/2004", today)).toThrow(RangeError);
  });
});

describe("profileUpdateSchema", () => {
  it("accepts a full profile and normalises it", () => {
    const result = schema.parse(complete);
    expect(result.bio).toBe("I like long walks and longer phone calls.");
    expect(result.callPreferences).toEqual(complete.callPreferences);
    expect(result.interestedGenders).toEqual(["Men", "Non-binary"]);
  });

  it("accepts a partial save of one step, and an empty body", () => {
    expect(schema.parse({ gender: "Man", questionnaireStep: 5, onboardingCompleted: false })).toEqual({
      gender: "Man",
      questionnaireStep: 5,
      onboardingCompleted: false,
    });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ interestedGenders: ["Women", "Women"] })).toEqual({ interestedGenders: ["Women"] });
  });

  it("lets optional fields be cleared with null", () => {
    expect(schema.parse({ communicationStyle: null, callPreferences: null, avatar: null })).toEqual({
      communicationStyle: null,
      callPreferences: null,
      avatar: null,
    });
  });

  it("refuses every forbidden field with a clear message naming it", () => {
    for (const field of FORBIDDEN_PROFILE_FIELDS) {
      const issues = issuesOf({ bio: "ok", [field]: field === "isPremium" ? true : "x" });
      expect(issues[0]?.message, field).toMatch(new RegExp(`^${field} cannot be changed here`));
      expect(issues[0]?.path).toEqual([field]);
    }
    expect(messageOf({ password: "hunter22" })).toBe("password cannot be changed here");
    expect(messageOf({ profileType: "elite" })).toBe(
      "profileType cannot be changed here (plan changes go through POST /api/subscription)",
    );
  });

  it("refuses any id, and reports only the forbidden fields when a body also has other errors", () => {
    expect(messageOf({ userId: 2 })).toBe("userId cannot be changed here");
    expect(messageOf({ match_id: 2 })).toBe("match_id cannot be changed here");
    expect(issuesOf({ gender: "Robot", email: "a@b.c", isPhotoRevealed: true })).toEqual([
      { message: "email cannot be changed here", path: ["email"] },
      { message: "isPhotoRevealed cannot be changed here", path: ["isPhotoRevealed"] },
    ]);
  });

  it("refuses unknown fields and non-objects", () => {
    expect(messageOf({ bio: "hi", favouriteColour: "blue" })).toBe("Unknown profile field: favouriteColour");
    expect(messageOf({ age: 30, name: "Sam" })).toBe("Unknown profile fields: age, name");
    expect(messageOf(null)).toBe("The profile must be a JSON object");
    expect(messageOf([complete])).toBe("The profile must be a JSON object");
  });

  it("checks the age-preference order when both bounds are sent", () => {
    expect(issuesOf({ agePreferenceMin: 40, agePreferenceMax: 30 })).toEqual([
      { message: "Maximum age must be greater than or equal to minimum age", path: ["agePreferenceMax"] },
    ]);
    expect(messageOf({ agePreferenceMin: 30, agePreferenceMax: 30 })).toBeNull();
    expect(messageOf({ agePreferenceMin: 100 })).toBeNull();
  });

  it("checks call preferences with the slot rules", () => {
    expect(
      messageOf({
        callPreferences: {
          weekdays: [
            { start: "09:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
        },
      }),
    ).toBe("This time slot overlaps with an existing slot");
  });

  it("checks the questionnaire step and the completion flag types", () => {
    const message = "Questionnaire step must be a whole number from 0 to 19";
    expect(messageOf({ questionnaireStep: 20 })).toBe(message);
    expect(messageOf({ questionnaireStep: -1 })).toBe(message);
    expect(messageOf({ questionnaireStep: 2.5 })).toBe(message);
    expect(messageOf({ questionnaireStep: 19 })).toBeNull();
    expect(messageOf({ onboardingCompleted: "yes" })).toBe("onboardingCompleted must be true or false");
  });

  it("is also exported with the system clock", () => {
    expect(profileUpdateSchema.safeParse({ bio: "Hello" }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ dateOfBirth: "1990-01-01" }).success).toBe(true);
  });
});

describe("validateStep: one message per SPEC rule", () => {
  it("passes the steps without fields", () => {
    expect(step(1, {})).toBeNull();
    expect(step(19, {})).toBeNull();
    expect(Object.keys(STEP_FIELDS)).toHaveLength(WIZARD_STEPS);
  });

  it("step 2: username", () => {
    expect(step(2, {})).toBe("Username is required");
    expect(step(2, { username: "   " })).toBe("Username is required");
    expect(step(2, { username: " a " })).toBe("Username must be at least 2 characters");
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

describe("age preference and subscription", () => {
  it("keeps min <= max the way the selectors do", () => {
    expect(updateAgePreference({ min: 21, max: 65 }, "min", 70)).toEqual({ min: 70, max: 70 });
    expect(updateAgePreference({ min: 30, max: 65 }, "max", 25)).toEqual({ min: 25, max: 25 });
    expect(updateAgePreference({ min: 30, max: 65 }, "min", 40)).toEqual({ min: 40, max: 65 });
  });

  it("accepts the three plans only", () => {
    for (const profileType of ["basic", "premium", "elite"]) {
      expect(subscriptionSchema.parse({ profileType })).toEqual({ profileType });
    }
    const message = (body: unknown) => subscriptionSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ profileType: "free" })).toBe("Please choose a plan: basic, premium or elite");
    expect(message({})).toBe("Please choose a plan: basic, premium or elite");
    expect(message({ profileType: "elite", isPremium: true })).toBe(
      "Only profileType can be sent to change the plan",
    );
  });
});
