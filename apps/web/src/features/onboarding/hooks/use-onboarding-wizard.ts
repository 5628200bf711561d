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
import { useStepErrorClearing, type WizardError } from "./use-step-error";
import { useWizardStep } from "./use-wizard-step";

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
  const [step, showStep] = useWizardStep(
    () => (mode === "edit" ? 2 : resumeStep(user.questionnaireStep, 1)),
    (n) => Math.min(COMPLETION_STEP, Math.max(firstStep, n)),
  );
  const [wizardError, setWizardError] = useState<WizardError | null>(null);
  const error = wizardError?.message ?? null;
  const form = useForm<WizardValues>({ defaultValues: valuesFromUser(user) });
  const save = useSaveProfileMutation();
  // The avatar step moves on before its save returns (SPEC §2: 0.5 s after the click); that save runs
  // beside the step saves, and a step whose background save failed is sent again with the next save.
  const background = useSaveProfileMutation();
  const unsaved = useRef(new Set<number>());
  const setError = (message: string | null, kind: WizardError["kind"] = "check") =>
    setWizardError(message === null ? null : { message, kind });
  useStepErrorClearing(form, step, wizardError, (message) => setError(message));
  /** The fields of the steps whose background save failed. */
  const retryFields = (values: WizardValues): ProfileUpdateInput =>
    Object.assign({}, ...[...unsaved.current].map((s) => stepFields(s, values)));
  /** This step's fields, with those of any step whose background save failed. */
  const fieldsFor = (current: number, values: WizardValues): ProfileUpdateInput => ({
    ...retryFields(values),
    ...stepFields(current, values),
  });
  const saved = (stored: SelfUser, steps: readonly number[]) => {
    for (const s of steps) unsaved.current.delete(s);
    storeUser(stored);
  };
  // On the step-18 path the completed user is held back until the wizard closes: stored at once, it would
  // turn needsOnboarding off and /home would swap the wizard for the dashboard before the completion view.
  const completedUser = useRef<SelfUser | null>(null);

  const storeUser = (next: SelfUser) => queryClient.setQueryData(userQueryKey, next);
  const progress = (questionnaireStep: number): ProfileUpdateInput =>
    mode === "onboarding" ? { questionnaireStep, onboardingCompleted: false } : {};

  const goTo = (next: number, options?: { replace?: boolean }) => {
    setError(null);
    showStep(next, options);
  };

  const failed = (err: Error) => {
    setError(profileUpdateError(err), "save");
    if (mode === "edit") toast(profileUpdateFailedToast(err));
  };

  const complete = (options: { skip: boolean }) => {
    const values = form.getValues();
    const finalValues = options.skip ? { ...values, callPreferences: FLEXIBLE_CALL_PREFERENCES } : values;
    const problem = completionMessage(missingForCompletion(finalValues));
    if (problem) return setError(problem, "completion");
    const body: ProfileUpdateInput = {
      ...retryFields(values),
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
          close();
          return;
        }
        if (mode === "edit") {
          storeUser(saved);
          toast(PROFILE_UPDATED_TOAST);
        } else {
          completedUser.current = saved;
        }
        goTo(COMPLETION_STEP, { replace: true });
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
    const sending = [...unsaved.current, current];
    save.mutate(
      { ...fieldsFor(current, values), ...progress(current + 1) },
      {
        onSuccess: (stored) => {
          saved(stored, sending);
          if (current === 17) toast({ title: "Call preferences saved" });
          goTo(current + 1);
        },
        onError: failed,
      },
    );
  };

  /** Moves on at once and saves the step behind (the avatar); a failure is a toast, the choice kept. */
  const advance = () => {
    if (save.isPending) return;
    const values = form.getValues();
    const problem = validateStep(step, values);
    if (problem) return setError(problem);
    const current = step;
    unsaved.current.add(current);
    background.mutate(
      { ...fieldsFor(current, values), ...progress(current + 1) },
      {
        onSuccess: (stored) => {
          // A step save that started later carries this step's fields too; never store an older user.
          if (!save.isPending) saved(stored, [current]);
          else unsaved.current.delete(current);
        },
        onError: (err) => toast(profileUpdateFailedToast(err)),
      },
    );
    goTo(current + 1);
  };

  const release = () => {
    if (completedUser.current) storeUser(completedUser.current);
    completedUser.current = null;
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
    const values = form.getValues();
    const body = { ...retryFields(values), ...exitFields(step, values), ...progress(step) };
    const sending = [...unsaved.current];
    const done = () => {
      toast({ title: "Progress saved" });
      close();
    };
    if (Object.keys(body).length === 0) return done();
    save.mutate(body, {
      onSuccess: (stored) => {
        saved(stored, sending);
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
    advance,
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
