import { TIMERS } from "@kindred/shared/constants";
import { WIZARD_STEPS } from "@kindred/shared/onboarding";
import type { SelfUser } from "@kindred/shared/user";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useReducer } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/use-toast";
import { userQueryKey } from "@/lib/auth";
import { PROFILE_UPDATED_TOAST, profileUpdateError, profileUpdateFailedToast } from "@/lib/profile-update";
import { useSaveProfileMutation } from "../api/save-profile";
import {
  completionOutcome,
  completionSave,
  exitSave,
  INITIAL_WIZARD_STATE,
  missingFromMessage,
  stepSave,
  type WizardError,
  type WizardMode,
  wizardReducer,
} from "../wizard-state";
import {
  COMPLETION_STEP,
  FLEXIBLE_CALL_PREFERENCES,
  resumeStep,
  valuesFromUser,
  type WizardValues,
} from "../wizard-values";
import { useStepErrorClearing } from "./use-step-error";
import { useWizardStep } from "./use-wizard-step";

const TOASTS = {
  "profile-updated": PROFILE_UPDATED_TOAST,
  "call-preferences-saved": { title: "Call preferences saved" },
} as const;

interface Options {
  user: SelfUser;
  mode: WizardMode;
  onClose: () => void;
}

export function useOnboardingWizard({ user, mode, onClose }: Options) {
  const queryClient = useQueryClient();
  const firstStep = mode === "edit" ? 2 : 1;
  const [step, showStep] = useWizardStep(
    () => (mode === "edit" ? 2 : resumeStep(user.questionnaireStep, 1)),
    (n) => Math.min(COMPLETION_STEP, Math.max(firstStep, n)),
  );
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD_STATE);
  const error = state.error?.message ?? null;
  const form = useForm<WizardValues>({ defaultValues: valuesFromUser(user) });
  const save = useSaveProfileMutation();
  // The avatar step moves on before its save returns (SPEC §2: 0.5 s after the click); that save runs
  // beside the step saves, and a step whose background save failed is sent again with the next save.
  const background = useSaveProfileMutation();
  const setError = (message: string | null, kind: WizardError["kind"] = "check") =>
    dispatch(message === null ? { type: "cleared" } : { type: "refused", message, kind });
  useStepErrorClearing(form, step, state.error, (message) => setError(message));

  const storeUser = (next: SelfUser) => queryClient.setQueryData(userQueryKey, next);
  const saved = (stored: SelfUser, steps: readonly number[]) => {
    dispatch({ type: "saved", steps });
    storeUser(stored);
  };

  const goTo = (next: number, options?: { replace?: boolean }) => {
    setError(null);
    showStep(next, options);
  };

  const failed = (err: Error) => {
    setError(profileUpdateError(err), "save");
    if (mode === "edit") toast(profileUpdateFailedToast(err));
  };

  const complete = (skip: boolean) => {
    const plan = completionSave(state, form.getValues(), skip);
    if ("problem" in plan) return setError(plan.problem, "completion");
    save.mutate(plan.body, {
      onSuccess: (stored) => {
        const outcome = completionOutcome(mode, skip);
        if (skip) form.setValue("callPreferences", FLEXIBLE_CALL_PREFERENCES);
        if (outcome.hold) dispatch({ type: "completed", user: stored });
        else storeUser(stored);
        if (outcome.toast) toast(TOASTS[outcome.toast]);
        if (outcome.close) close();
        else goTo(COMPLETION_STEP, { replace: true });
      },
      onError: failed,
    });
  };

  const next = () => {
    if (save.isPending) return;
    if (step >= WIZARD_STEPS) return complete(false);
    const plan = stepSave(state, mode, step, form.getValues());
    if ("problem" in plan) return setError(plan.problem);
    const current = step;
    save.mutate(plan.body, {
      onSuccess: (stored) => {
        saved(stored, plan.steps);
        if (current === 17) toast(TOASTS["call-preferences-saved"]);
        goTo(current + 1);
      },
      onError: failed,
    });
  };

  /** Moves on at once and saves the step behind (the avatar); a failure is a toast, the choice kept. */
  const advance = () => {
    if (save.isPending) return;
    const plan = stepSave(state, mode, step, form.getValues());
    if ("problem" in plan) return setError(plan.problem);
    const current = step;
    dispatch({ type: "saving-behind", step: current });
    background.mutate(plan.body, {
      onSuccess: (stored) => {
        // A step save that started later carries this step's fields too; never store an older user.
        if (!save.isPending) saved(stored, [current]);
        else dispatch({ type: "saved", steps: [current] });
      },
      onError: (err) => toast(profileUpdateFailedToast(err)),
    });
    goTo(current + 1);
  };

  const release = () => {
    if (state.completed) storeUser(state.completed);
    dispatch({ type: "released" });
  };
  const close = () => {
    onClose();
    // What opens in the wizard's place (the dashboard, the profile) starts at its top.
    window.scrollTo(0, 0);
  };
  const finish = () => {
    release();
    close();
  };
  const finishLater = useEffectEvent(finish);

  const exit = () => {
    if (save.isPending) return;
    if (step === COMPLETION_STEP) return finish();
    const plan = exitSave(state, mode, step, form.getValues());
    const done = () => {
      toast({ title: "Progress saved" });
      close();
    };
    if (Object.keys(plan.body).length === 0) return done();
    save.mutate(plan.body, {
      onSuccess: (stored) => {
        saved(stored, plan.steps);
        done();
      },
      onError: failed,
    });
  };

  useEffect(() => {
    if (step !== COMPLETION_STEP) return;
    const timer = setTimeout(finishLater, TIMERS.wizardCloseMs);
    return () => clearTimeout(timer);
  }, [step]);

  // Leaving the page during the completion view must not lose the completed user.
  const releaseOnUnmount = useEffectEvent(release);
  useEffect(() => () => releaseOnUnmount(), []);

  return {
    form,
    step,
    firstStep,
    mode,
    error,
    missing: missingFromMessage(error),
    isSaving: save.isPending,
    next,
    advance,
    previous: () => goTo(step - 1),
    goTo,
    skip: () => {
      if (!save.isPending) complete(true);
    },
    exit,
    clearError: () => setError(null),
  };
}

export type OnboardingWizardState = ReturnType<typeof useOnboardingWizard>;
