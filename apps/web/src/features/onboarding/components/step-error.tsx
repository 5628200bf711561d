import { AlertCircle } from "lucide-react";
import type { MissingField } from "../wizard-state";

interface StepErrorProps {
  message: string | null;
  missing: readonly MissingField[];
  onGoTo: (step: number) => void;
}

/** The step's validation or save error; a completion notice links to the steps still to answer. */
export function StepError({ message, missing, onGoTo }: StepErrorProps) {
  if (!message) return null;
  return (
    <div
      id="onboarding-step-error"
      role="alert"
      className="mt-5 flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-2">
        <p>{message}</p>
        {missing.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {missing.map(({ label, step }) => (
              <button
                key={label}
                type="button"
                onClick={() => onGoTo(step)}
                className="rounded-full bg-white px-3 py-1 font-medium text-red-700 text-xs ring-1 ring-red-200 hover:bg-red-100"
              >
                Go to {label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
