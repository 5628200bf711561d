import { CheckCircle2 } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import type { WizardMode } from "../wizard-state";

/** Step 19: shown for TIMERS.wizardCloseMs after a successful completion, then the wizard closes. */
export function CompletionView({ mode }: { mode: WizardMode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <div className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-violet-600 text-white shadow-lg shadow-rose-500/30">
        <CheckCircle2 className="size-10" aria-hidden />
      </div>
      <h1
        data-step-heading
        tabIndex={-1}
        className="font-bold text-2xl text-stone-900 tracking-tight outline-none sm:text-3xl"
      >
        {mode === "edit" ? "Your profile is up to date" : "You're all set!"}
      </h1>
      <p className="max-w-sm text-stone-600">
        {mode === "edit"
          ? "Taking you back to your profile..."
          : "Your profile is ready. Taking you to your dashboard..."}
      </p>
      <Spinner className="size-5" label="Closing" />
    </div>
  );
}
