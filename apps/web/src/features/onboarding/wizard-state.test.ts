import { completeProfile } from "@kindred/shared/test-fixtures";
import { describe, expect, it } from "vitest";
import { newUser } from "../../test/self-user";
import {
  completionOutcome,
  completionSave,
  exitSave,
  INITIAL_WIZARD_STATE,
  missingFromMessage,
  stepSave,
  type WizardEvent,
  type WizardState,
  wizardReducer,
} from "./wizard-state";
import { FLEXIBLE_CALL_PREFERENCES, valuesFromUser, type WizardValues } from "./wizard-values";

const run = (...events: WizardEvent[]): WizardState => events.reduce(wizardReducer, INITIAL_WIZARD_STATE);
const blank = valuesFromUser(newUser);
const answered: WizardValues = { ...blank, ...completeProfile, username: "river_song" };

describe("the wizard's state", () => {
  it("shows a refusal, with its kind, until it is cleared", () => {
    const refused = run({ type: "refused", message: "Bio is required", kind: "check" });
    expect(refused.error).toEqual({ message: "Bio is required", kind: "check" });
    expect(wizardReducer(refused, { type: "cleared" }).error).toBeNull();
    expect(wizardReducer(INITIAL_WIZARD_STATE, { type: "cleared" })).toBe(INITIAL_WIZARD_STATE);
  });

  it("remembers a step saved behind until a save that carried it succeeds", () => {
    const behind = run({ type: "saving-behind", step: 4 }, { type: "saving-behind", step: 4 });
    expect(behind.unsaved).toEqual([4]);
    const both = wizardReducer(behind, { type: "saving-behind", step: 6 });
    expect(wizardReducer(both, { type: "saved", steps: [4, 5] }).unsaved).toEqual([6]);
  });

  it("holds the completed user until it is released", () => {
    const held = run({ type: "completed", user: newUser });
    expect(held.completed).toBe(newUser);
    expect(wizardReducer(held, { type: "released" }).completed).toBeNull();
  });
});

describe("what each save sends", () => {
  it("Next refuses an answer its step's rule refuses, and saves nothing", () => {
    expect(stepSave(INITIAL_WIZARD_STATE, "onboarding", 5, blank)).toEqual({
      problem: "Please select your gender",
    });
  });

  it("Next sends the step's answer, any step still unsaved, and where a first run has got to", () => {
    const state = run({ type: "saving-behind", step: 4 });
    const values = { ...blank, avatar: "🦊", gender: "Woman" };
    expect(stepSave(state, "onboarding", 5, values)).toEqual({
      body: { avatar: "🦊", gender: "Woman", questionnaireStep: 6, onboardingCompleted: false },
      steps: [4, 5],
    });
    // 'Update Profile' leaves the saved progress and the completed profile alone.
    expect(stepSave(INITIAL_WIZARD_STATE, "edit", 5, values)).toEqual({
      body: { gender: "Woman" },
      steps: [5],
    });
  });

  it("finishing names what is still unanswered, with the step that asks each", () => {
    const plan = completionSave(INITIAL_WIZARD_STATE, { ...answered, gender: null, bio: "" }, false);
    expect(plan).toEqual({ problem: "Please complete: Gender, Bio" });
    expect(missingFromMessage("problem" in plan ? plan.problem : null)).toEqual([
      { label: "Gender", step: 5 },
      { label: "Bio", step: 9 },
    ]);
    expect(missingFromMessage("Bio is required")).toEqual([]);
    expect(missingFromMessage(null)).toEqual([]);
  });

  it("finishing completes the profile; skipping call times makes them flexible", () => {
    expect(completionSave(INITIAL_WIZARD_STATE, answered, false)).toEqual({
      body: { questionnaireStep: 19, onboardingCompleted: true },
    });
    expect(completionSave(INITIAL_WIZARD_STATE, answered, true)).toEqual({
      body: { callPreferences: FLEXIBLE_CALL_PREFERENCES, questionnaireStep: 19, onboardingCompleted: true },
    });
  });

  it("leaving keeps a valid answer and the progress, and may have nothing to send", () => {
    expect(exitSave(INITIAL_WIZARD_STATE, "onboarding", 9, { ...blank, bio: "Hello" })).toEqual({
      body: { bio: "Hello", questionnaireStep: 9, onboardingCompleted: false },
      steps: [],
    });
    expect(exitSave(INITIAL_WIZARD_STATE, "edit", 9, blank)).toEqual({ body: {}, steps: [] });
  });
});

describe("after the completing save", () => {
  it("a first run holds the user back and shows the completion view", () => {
    expect(completionOutcome("onboarding", false)).toEqual({ hold: true, toast: null, close: false });
  });

  it("'Update Profile' stores the user at once and says the profile was updated", () => {
    expect(completionOutcome("edit", false)).toEqual({ hold: false, toast: "profile-updated", close: false });
  });

  it("skipping call times stores the user and closes the wizard", () => {
    expect(completionOutcome("onboarding", true)).toEqual({
      hold: false,
      toast: "call-preferences-saved",
      close: true,
    });
    expect(completionOutcome("edit", true)).toMatchObject({ toast: "profile-updated", close: true });
  });
});
