import { TIMERS } from "@kindred/shared/constants";
import {
  completionMessage,
  missingForCompletion,
  REQUIRED_FOR_COMPLETION,
  validateStep,
  WIZARD_STEPS,
} from "@kindred/shared/onboarding";
import type { ProfileUpdateInput } from "@kindred/shared/profile";
import type { SelfUser } from "@kindred/shared/user";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/use-toast";
import { userQueryKey } from "@/lib/auth";
import { PROFILE_UPDATED_TOAST, profileUpdateError, profileUpdateFailedToast } from "@/lib/profile-update";
import { useSaveProfileMutation } from "../api/save-profile";
import {
  COMPLETION_STEP,
  exitFields,
  FLEXIBLE_CALL_PREFERENCES,
  resumeStep,
  stepFields,
  valuesFromUser,
  type WizardValues,
} from "../wizard-values";

/** "onboarding": first run on /home. "edit": 'Update Profile', which keeps the profile completed. */
export type WizardMode = "onboarding" | "edit";

export interface MissingField {
  label: string;
  step: number;
}

const COMPLETE_PREFIX = "Please complete: ";

/** The labels named by a completion message (ours or the server's 400), with the step that asks each. */
function missingFromMessage(message: string): MissingField[] {
  if (!message.startsWith(COMPLETE_PREFIX)) return [];
  const labels = message.slice(COMPLETE_PREFIX.length).split(", ");
  return REQUIRED_FOR_COMPLETION.filter((r) => labels.includes(r.label)).map(({ label, step }) => ({
    label,
    step,
  }));
}

interface Options {
  user: SelfUser;
  mode: WizardMode;
  onClose: () => void;
}

export function useOnboardingWizard({ user, mode, onClose }: Options) {
  const queryClient = useQueryClient();
  const firstStep = mode === "edit" ? 2 : 1;
  const [step, setStep] = useState(() => (mode === "edit" ? 2 : resumeStep(user.questionnaireStep, 1)));
  const [error, setError] = useState<string | null>(null);
  const form = useForm<WizardValues>({ defaultValues: valuesFromUser(user) });
  const save = useSaveProfileMutation();
  // On the step-18 path the completed user is held back until the wizard closes: stored at once, it would
  // turn needsOnboarding off and /home would swap the wizard for the dashboard before the completion view.
  const completedUser = useRef<SelfUser | null>(null);

  const storeUser = (next: SelfUser) => queryClient.setQueryData(userQueryKey, next);
  const progress = (questionnaireStep: number): ProfileUpdateInput =>
    mode === "onboarding" ? { questionnaireStep, onboardingCompleted: false } : {};

  const goTo = (next: number) => {
    setError(null);
    setStep(Math.min(COMPLETION_STEP, Math.max(firstStep, next)));
  };

  const failed = (err: Error) => {
    setError(profileUpdateError(err));
    if (mode === "edit") toast(profileUpdateFailedToast(err));
  };

  const complete = (options: { skip: boolean }) => {
    const values = form.getValues();
    const finalValues = options.skip ? { ...values, callPreferences: FLEXIBLE_CALL_PREFERENCES } : values;
    const problem = completionMessage(missingForCompletion(finalValues));
    if (problem) return setError(problem);
    const body: ProfileUpdateInput = {
      ...(options.skip ? { callPreferences: FLEXIBLE_CALL_PREFERENCES } : {}),
      questionnaireStep: COMPLETION_STEP,
      onboardingCompleted: true,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        if (options.skip) {
          form.setValue("callPreferences", FLEXIBLE_CALL_PREFERENCES);
          storeUser(saved);
          toast(mode === "edit" ? PROFILE_UPDATED_TOAST : { title: "Call preferences saved" });
          onClose();
          return;
        }
        if (mode === "edit") {
          storeUser(saved);
          toast(PROFILE_UPDATED_TOAST);
        } else {
          completedUser.current = saved;
        }
        goTo(COMPLETION_STEP);
      },
      onError: failed,
    });
  };

  const next = () => {
    if (save.isPending) return;
    if (step >= WIZARD_STEPS) return complete({ skip: false });
    const values = form.getValues();
    const problem = validateStep(step, values);
    if (problem) return setError(problem);
    const current = step;
    save.mutate(
      { ...stepFields(current, values), ...progress(current + 1) },
      {
        onSuccess: (saved) => {
          storeUser(saved);
          if (current === 17) toast({ title: "Call preferences saved" });
          goTo(current + 1);
        },
        onError: failed,
      },
    );
  };

  const release = () => {
    if (completedUser.current) storeUser(completedUser.current);
    completedUser.current = null;
  };
  const finish = () => {
    release();
    onClose();
  };
  const finishLater = useEffectEvent(finish);

  const exit = () => {
    if (save.isPending) return;
    if (step === COMPLETION_STEP) return finish();
    const body = { ...exitFields(step, form.getValues()), ...progress(step) };
    const done = () => {
      toast({ title: "Progress saved" });
      onClose();
    };
    if (Object.keys(body).length === 0) return done();
    save.mutate(body, {
      onSuccess: (saved) => {
        storeUser(saved);
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
    missing: error ? missingFromMessage(error) : [],
    isSaving: save.isPending,
    next,
    previous: () => goTo(step - 1),
    goTo,
    skip: () => {
      if (!save.isPending) complete({ skip: true });
    },
    exit,
    clearError: () => setError(null),
  };
}

export type OnboardingWizardState = ReturnType<typeof useOnboardingWizard>;
