import { WIZARD_STEPS } from "@kindred/shared/onboarding";
import { X } from "lucide-react";
import { Progress } from "@/components/ui/progress";

interface WizardProgressProps {
  step: number;
  onExit: () => void;
  disabled: boolean;
}

/** "Step n of 18", the progress bar and the exit-and-save button. */
export function WizardProgress({ step, onExit, disabled }: WizardProgressProps) {
  const shown = Math.min(step, WIZARD_STEPS);
  const percent = step > WIZARD_STEPS ? 100 : Math.round((shown / WIZARD_STEPS) * 100);
  return (
    <div className="mb-8">
      <div className="mb-3 flex items-center justify-between gap-4">
        <p className="font-medium text-sm text-stone-500">
          {step > WIZARD_STEPS ? (
            "All done"
          ) : (
            <>
              Step <span className="text-stone-900">{shown}</span> of {WIZARD_STEPS}
            </>
          )}
        </p>
        <button
          type="button"
          onClick={onExit}
          disabled={disabled}
          aria-label="Save and exit"
          title="Save and exit"
          className="-mr-2 rounded-full p-2 text-stone-500 transition hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 disabled:opacity-50"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <Progress value={percent} aria-label="Profile progress" />
    </div>
  );
}
