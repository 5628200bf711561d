import { lazy, useState } from "react";
import { ProfileView } from "@/features/profile/components/profile-view";

// The wizard (with cmdk and the calendar) only loads when 'Update Profile' is pressed.
const OnboardingWizard = lazy(() =>
  import("@/features/onboarding/components/onboarding-wizard").then((m) => ({ default: m.OnboardingWizard })),
);

/** The profile screen; 'Update Profile' reopens the onboarding wizard at step 2 (SPEC §2). */
export function ProfilePage() {
  const [editing, setEditing] = useState(false);
  if (editing) return <OnboardingWizard mode="edit" onClose={() => setEditing(false)} />;
  const openWizard = () => {
    setEditing(true);
    window.scrollTo(0, 0);
  };
  return <ProfileView onUpdateProfile={openWizard} />;
}
