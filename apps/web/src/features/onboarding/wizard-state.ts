// What the wizard remembers between saves and what each save sends: pure, so the hook only wires it to
// the form, the mutations and the browser history.

import {
  completionMessage,
  missingForCompletion,
  REQUIRED_FOR_COMPLETION,
  validateStep,
} from "@kindred/shared/onboarding";
import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import {
  COMPLETION_STEP,
  exitFields,
  FLEXIBLE_CALL_PREFERENCES,
  stepFields,
  type WizardValues,
} from "./wizard-values";

/** "onboarding": first run on /home. "edit": 'Update Profile', which keeps the profile completed. */
export type WizardMode = "onboarding" | "edit";

/**
 * What the wizard shows under a step. "check": the step's own rule refused Next. "save": the server
 * refused the save (a taken username). "completion": other steps are still unanswered.
 */
export interface WizardError {
  message: string;
  kind: "check" | "save" | "completion";
}

export interface MissingField {
  label: string;
  step: number;
}

export interface WizardState {
  error: WizardError | null;
  /** Steps saved in the background (the avatar) and not yet confirmed: each save sends them again. */
  unsaved: readonly number[];
  /**
   * On the step-18 path the completed user, held back until the wizard closes: stored at once, it would
   * turn needsOnboarding off and /home would swap the wizard for the dashboard before the completion view.
   */
  completed: SelfUser | null;
}

export const INITIAL_WIZARD_STATE: WizardState = { error: null, unsaved: [], completed: null };

export type WizardEvent =
  | { type: "refused"; message: string; kind: WizardError["kind"] }
  | { type: "cleared" }
  | { type: "saving-behind"; step: number }
  | { type: "saved"; steps: readonly number[] }
  | { type: "completed"; user: SelfUser }
  | { type: "released" };

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "refused":
      return { ...state, error: { message: event.message, kind: event.kind } };
    case "cleared":
      return state.error === null ? state : { ...state, error: null };
    case "saving-behind":
      return state.unsaved.includes(event.step)
        ? state
        : { ...state, unsaved: [...state.unsaved, event.step] };
    case "saved":
      return { ...state, unsaved: state.unsaved.filter((s) => !event.steps.includes(s)) };
    case "completed":
      return { ...state, completed: event.user };
    case "released":
      return { ...state, completed: null };
  }
}

/** A save: its body, and the steps it carries, no longer unsaved once it succeeds. */
export interface WizardSave {
  body: ProfileUpdateInput;
  steps: readonly number[];
}

/** Where a first run has got to, so a reload resumes there; an edit leaves the saved progress alone. */
function progress(mode: WizardMode, questionnaireStep: number): ProfileUpdateInput {
  return mode === "onboarding" ? { questionnaireStep, onboardingCompleted: false } : {};
}

/** The fields of the steps whose background save has not succeeded. */
function retryFields(state: WizardState, values: WizardValues): ProfileUpdateInput {
  return Object.assign({}, ...state.unsaved.map((s) => stepFields(s, values)));
}

/** Next (or the avatar's move on) from `step`: the rule its answer breaks, or the save. */
export function stepSave(
  state: WizardState,
  mode: WizardMode,
  step: number,
  values: WizardValues,
): { problem: string } | WizardSave {
  const problem = validateStep(step, values);
  if (problem) return { problem };
  return {
    body: { ...retryFields(state, values), ...stepFields(step, values), ...progress(mode, step + 1) },
    steps: [...state.unsaved, step],
  };
}

/** Finishing, from the last step or by skipping call times: what is still unanswered, or the save. */
export function completionSave(
  state: WizardState,
  values: WizardValues,
  skip: boolean,
): { problem: string } | { body: ProfileUpdateInput } {
  const finalValues = skip ? { ...values, callPreferences: FLEXIBLE_CALL_PREFERENCES } : values;
  const problem = completionMessage(missingForCompletion(finalValues));
  if (problem) return { problem };
  return {
    body: {
      ...retryFields(state, values),
      ...(skip ? { callPreferences: FLEXIBLE_CALL_PREFERENCES } : {}),
      questionnaireStep: COMPLETION_STEP,
      onboardingCompleted: true,
    },
  };
}

/** After the completing save: what becomes of the saved user, what the toast says, and what shows next. */
export interface CompletionOutcome {
  /** Hold the user until the wizard closes (WizardState.completed) rather than store it now. */
  hold: boolean;
  toast: "profile-updated" | "call-preferences-saved" | null;
  /** Close at once (call times skipped) rather than show the completion view. */
  close: boolean;
}

export function completionOutcome(mode: WizardMode, skip: boolean): CompletionOutcome {
  if (skip) {
    return {
      hold: false,
      toast: mode === "edit" ? "profile-updated" : "call-preferences-saved",
      close: true,
    };
  }
  return mode === "edit"
    ? { hold: false, toast: "profile-updated", close: false }
    : { hold: true, toast: null, close: false };
}

/** Leaving: the step's answer if it validates, what is unsaved, and the progress; the body may be empty. */
export function exitSave(
  state: WizardState,
  mode: WizardMode,
  step: number,
  values: WizardValues,
): WizardSave {
  return {
    body: { ...retryFields(state, values), ...exitFields(step, values), ...progress(mode, step) },
    steps: state.unsaved,
  };
}

const COMPLETE_PREFIX = "Please complete: ";

/** The labels named by a completion message (ours or the server's 400), with the step that asks each. */
export function missingFromMessage(message: string | null): MissingField[] {
  if (!message?.startsWith(COMPLETE_PREFIX)) return [];
  const labels = message.slice(COMPLETE_PREFIX.length).split(", ");
  return REQUIRED_FOR_COMPLETION.filter((r) => labels.includes(r.label)).map(({ label, step }) => ({
    label,
    step,
  }));
}
