import { describe, expect, it } from "vitest";
import { newUser as user } from "../../test/self-user";
import { exitFields, resumeStep, stepFields, valuesFromUser } from "./wizard-values";

describe("wizard values", () => {
  it("start from the saved user, with the age-range defaults 21 and 65", () => {
    const values = valuesFromUser({ ...user, location: "York", interestedGenders: ["Men"] });
    expect(values.username).toBe("river_song");
    expect(values.location).toBe("York");
    expect(values.interestedGenders).toEqual(["Men"]);
    expect([values.agePreferenceMin, values.agePreferenceMax]).toEqual([21, 65]);
    expect(values.callPreferences).toEqual({ weekdays: [], weekends: [], notAvailable: [] });
  });

  it("save only the step's own fields, leaving unanswered optional ones out", () => {
    const values = valuesFromUser({ ...user, gender: "Woman", bio: "Hi" });
    expect(stepFields(5, values)).toEqual({ gender: "Woman" });
    expect(stepFields(7, values)).toEqual({ agePreferenceMin: 21, agePreferenceMax: 65 });
    expect(stepFields(10, values)).toEqual({});
    expect(stepFields(1, values)).toEqual({});
  });

  it("on exit keep a step's answer only if it validates", () => {
    expect(exitFields(9, valuesFromUser({ ...user, bio: "Hello" }))).toEqual({ bio: "Hello" });
    expect(exitFields(9, valuesFromUser(user))).toEqual({});
    expect(exitFields(5, valuesFromUser(user))).toEqual({});
  });

  it("resume at the saved step, within the wizard", () => {
    expect(resumeStep(0, 1)).toBe(1);
    expect(resumeStep(9, 1)).toBe(9);
    expect(resumeStep(19, 1)).toBe(18);
  });
});
