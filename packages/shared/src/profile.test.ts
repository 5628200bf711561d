import { describe, expect, it } from "vitest";
import {
  createProfileUpdateSchema,
  FORBIDDEN_PROFILE_FIELDS,
  profileUpdateSchema,
  subscriptionSchema,
} from "./profile.ts";
import { completeOnboarding as complete, today } from "./test-fixtures.ts";

const schema = createProfileUpdateSchema(() => today);

const issuesOf = (body: unknown) => {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ message: issue.message, path: issue.path }));
};
const messageOf = (body: unknown) => issuesOf(body)[0]?.message ?? null;

describe("profileUpdateSchema", () => {
  it("accepts a full profile and normalises it", () => {
    const result = schema.parse({
      ...complete,
      bio: `  ${complete.bio}  `,
      interestedGenders: ["Men", "Non-binary", "Men"],
    });
    expect(result.bio).toBe(complete.bio);
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
    // DECISIONS "Accounts" names them; the loop below proves nothing if the list were to shrink.
    expect([...FORBIDDEN_PROFILE_FIELDS].sort()).toEqual(
      [
        "password",
        "email",
        "profileType",
        "isPremium",
        "idVerified",
        "isPhotoRevealed",
        "createdAt",
        "id",
      ].sort(),
    );
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

describe("subscriptionSchema", () => {
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
