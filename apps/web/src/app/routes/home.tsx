import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useState } from "react";
import { useLocation } from "react-router";
import { Dashboard } from "@/features/dashboard/components/dashboard";
import { HomeMatches } from "@/features/matches/components/home-matches";
import { PlanUsageCard } from "@/features/matches/components/plan-usage-card";
import { OnboardingWizard } from "@/features/onboarding/components/lazy-onboarding-wizard";
import { useAuth } from "@/lib/auth";
import { wizardRequestIn } from "@/lib/wizard-request";
import { matchCardExtras } from "./match-card-extras";

/**
 * /home: the wizard while the profile needs it (or when asked for: 'Complete Profile'), else the
 * dashboard, its match parts supplied by the matches feature.
 */
export function HomePage() {
  const { user } = useAuth();
  const { state } = useLocation();
  const request = wizardRequestIn(state);
  // The request the wizard was last closed under: a new one (another click) opens it again.
  const [closedAt, setClosedAt] = useState<number | null | undefined>(undefined);
  if (!user) return null;
  const open = closedAt !== request && (user.needsOnboarding || request !== null);
  if (open) {
    // A completed profile is edited (it stays completed); an unfinished one resumes at its saved step.
    const mode = user.onboardingCompleted ? "edit" : "onboarding";
    return <OnboardingWizard mode={mode} onClose={() => setClosedAt(request)} />;
  }

  return (
    <>
      <title>{`Home · ${PRODUCT_NAME}`}</title>
      <Dashboard
        user={user}
        planCard={<PlanUsageCard user={user} />}
        matches={<HomeMatches user={user} cardExtras={matchCardExtras} />}
      />
    </>
  );
}
