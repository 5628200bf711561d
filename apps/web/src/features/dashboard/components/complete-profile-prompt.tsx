import { ClipboardList } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { wizardRequestState } from "@/lib/wizard-request";

/** Shown while required answers are missing (SPEC §5 "Completion"): they are what matching reads. */
export function CompleteProfilePrompt({ missing }: { missing: readonly string[] }) {
  const navigate = useNavigate();
  return (
    <section
      aria-labelledby="complete-profile-title"
      className="flex flex-col gap-4 rounded-3xl border border-amber-200 bg-amber-50 p-6 sm:flex-row sm:items-center"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-amber-700">
        <ClipboardList className="size-6" aria-hidden />
      </span>
      <div className="flex-1">
        <h2 id="complete-profile-title" className="font-semibold text-amber-950">
          Your profile is almost there
        </h2>
        <p className="mt-1 text-amber-900 text-sm">
          {`Still to answer: ${missing.join(", ")}. A complete profile gets you better matches.`}
        </p>
      </div>
      {/* The wizard, on /home, at the step they saved. */}
      <Button
        className="bg-amber-600 hover:bg-amber-700"
        onClick={() => navigate("/home", { state: wizardRequestState() })}
      >
        Complete Profile
      </Button>
    </section>
  );
}
