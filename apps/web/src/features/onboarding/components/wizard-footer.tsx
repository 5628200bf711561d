import { WIZARD_STEPS } from "@kindred/shared/onboarding";
import { ArrowLeft, ArrowRight, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { WizardMode } from "../wizard-state";

interface WizardFooterProps {
  step: number;
  firstStep: number;
  mode: WizardMode;
  isSaving: boolean;
  onPrevious: () => void;
  onSkip: () => void;
}

function primaryLabel(step: number, mode: WizardMode): string {
  if (step === WIZARD_STEPS) return mode === "edit" ? "Save Profile" : "Get Started";
  return step === 1 ? "Get Started" : "Next";
}

/** Previous / Next / Get Started, and on the call-times step 'Skip (Flexible Timing)'. */
export function WizardFooter({ step, firstStep, mode, isSaving, onPrevious, onSkip }: WizardFooterProps) {
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-stone-100 border-t pt-6">
      {step > firstStep ? (
        <Button variant="ghost" onClick={onPrevious} disabled={isSaving}>
          <ArrowLeft aria-hidden /> Previous
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {step === 17 ? (
          <Button variant="outline" onClick={onSkip} disabled={isSaving}>
            Skip (Flexible Timing)
          </Button>
        ) : null}
        <Button type="submit" variant="gradient" size="lg" disabled={isSaving} className="min-w-32">
          {isSaving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {primaryLabel(step, mode)}
          {!isSaving && step < WIZARD_STEPS && step > 1 ? <ArrowRight aria-hidden /> : null}
        </Button>
      </div>
    </div>
  );
}
