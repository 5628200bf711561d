import { PRODUCT_NAME } from "@kindred/shared/constants";
import type { SelfUser } from "@kindred/shared/user";
import { useEffect, useRef } from "react";
import { FormProvider } from "react-hook-form";
import { useAuth } from "@/lib/auth";
import { useOnboardingWizard } from "../hooks/use-onboarding-wizard";
import { STEP_INFO } from "../steps";
import type { WizardMode } from "../wizard-state";
import { COMPLETION_STEP } from "../wizard-values";
import { CompletionView } from "./completion-view";
import { StepBody } from "./step-body";
import { StepError } from "./step-error";
import { WizardFooter } from "./wizard-footer";
import { WizardProgress } from "./wizard-progress";

interface OnboardingWizardProps {
  /** "onboarding" resumes at the saved step; "edit" ('Update Profile') starts at step 2. */
  mode?: WizardMode;
  /** Called when the wizard is left: exit-and-save, or after completing. */
  onClose: () => void;
}

/** The 18-step profile wizard of SPEC §2. */
export function OnboardingWizard({ mode = "onboarding", onClose }: OnboardingWizardProps) {
  const { user } = useAuth();
  if (!user) return null;
  return <Wizard user={user} mode={mode} onClose={onClose} />;
}

function Wizard({ user, mode, onClose }: { user: SelfUser; mode: WizardMode; onClose: () => void }) {
  const wizard = useOnboardingWizard({ user, mode, onClose });
  const { step } = wizard;
  const info = STEP_INFO[step];
  const Icon = info?.icon;
  const title = step === 1 ? `Welcome, ${user.username}!` : info?.title;
  const card = useRef<HTMLDivElement>(null);

  // Each step opens at its top with its heading focused: on a phone the next step's question would
  // otherwise open where the last one's Next button was, off-screen. The avatar step's picker opens
  // by itself and holds the focus.
  useEffect(() => {
    card.current?.scrollIntoView({ block: "start" });
    if (step !== 4)
      card.current?.querySelector<HTMLElement>("[data-step-heading]")?.focus({ preventScroll: true });
  }, [step]);

  return (
    <section className="relative flex flex-1 overflow-clip bg-gradient-to-b from-rose-50 via-white to-violet-50/60">
      <title>{`${mode === "edit" ? "Update Profile" : "Create your profile"} · ${PRODUCT_NAME}`}</title>
      <div aria-hidden className="absolute -top-32 -left-32 size-96 rounded-full bg-rose-200/40 blur-3xl" />
      <div
        aria-hidden
        className="absolute top-1/2 -right-32 size-96 rounded-full bg-violet-200/40 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
        <div
          ref={card}
          className="scroll-mt-20 rounded-3xl border border-stone-200 bg-white/95 p-6 shadow-rose-500/5 shadow-xl backdrop-blur sm:p-10"
        >
          <WizardProgress step={step} onExit={wizard.exit} disabled={wizard.isSaving} />
          {step === COMPLETION_STEP ? (
            <CompletionView mode={mode} />
          ) : (
            <FormProvider {...wizard.form}>
              <form
                noValidate
                aria-labelledby="onboarding-step-title"
                onSubmit={(event) => {
                  event.preventDefault();
                  wizard.next();
                }}
              >
                <div key={step} className="animate-fade-in">
                  <div className="mb-6 flex items-start gap-4">
                    {Icon ? (
                      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700">
                        <Icon className="size-6" aria-hidden />
                      </span>
                    ) : null}
                    <div>
                      <h1
                        id="onboarding-step-title"
                        data-step-heading
                        tabIndex={-1}
                        className="font-bold text-2xl text-stone-900 tracking-tight outline-none sm:text-3xl"
                      >
                        {title}
                      </h1>
                      <p className="mt-1 text-stone-600">{info?.description}</p>
                    </div>
                  </div>
                  <StepBody step={step} invalid={wizard.error !== null} onAdvance={wizard.advance} />
                </div>
                <StepError message={wizard.error} missing={wizard.missing} onGoTo={wizard.goTo} />
                <WizardFooter
                  step={step}
                  firstStep={wizard.firstStep}
                  mode={mode}
                  isSaving={wizard.isSaving}
                  onPrevious={wizard.previous}
                  onSkip={wizard.skip}
                />
              </form>
            </FormProvider>
          )}
        </div>
      </div>
    </section>
  );
}
