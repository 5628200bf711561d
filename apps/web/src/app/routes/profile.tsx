import { useState } from "react";
import { OnboardingWizard } from "@/features/onboarding/components/lazy-onboarding-wizard";
import { ProfileView } from "@/features/profile/components/profile-view";

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
