import { PRODUCT_NAME } from "@kindred/shared/constants";
import { lazy, useState } from "react";
import { Dashboard } from "@/features/dashboard/components/dashboard";
import { HomeMatches } from "@/features/matches/components/home-matches";
import { PlanUsageCard } from "@/features/matches/components/plan-usage-card";
import { useAuth } from "@/lib/auth";

const OnboardingWizard = lazy(() =>
  import("@/features/onboarding/components/onboarding-wizard").then((m) => ({ default: m.OnboardingWizard })),
);

/** /home: the dashboard, its match parts supplied by the matches feature. */
export function HomePage() {
  const { user } = useAuth();
  const [wizardClosed, setWizardClosed] = useState(false);
  if (!user) return null;
  if (user.needsOnboarding && !wizardClosed)
    return <OnboardingWizard onClose={() => setWizardClosed(true)} />;

  return (
    <>
      <title>{`Home · ${PRODUCT_NAME}`}</title>
      <Dashboard user={user} planCard={<PlanUsageCard user={user} />} matches={<HomeMatches user={user} />} />
    </>
  );
}
