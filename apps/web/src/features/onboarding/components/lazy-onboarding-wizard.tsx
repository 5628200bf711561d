import { lazyPart } from "@/lib/lazy-part";

// The wizard (with cmdk and the calendar) loads when it is shown: a new member's /home, 'Update Profile'.
export const OnboardingWizard = lazyPart("onboarding-wizard", () =>
  import("./onboarding-wizard").then((m) => m.OnboardingWizard),
);
