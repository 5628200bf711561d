import { PRODUCT_NAME } from "@kindred/shared/constants";
import { CallSettings } from "@/features/calls/components/call-settings";
import { NotificationSettings } from "@/features/notifications/components/notification-settings";
import { PauseProfile } from "@/features/profile/components/pause-profile";
import { AccountSettings } from "@/features/settings/components/account-settings";
import { SettingsPage as SettingsScreen } from "@/features/settings/components/settings-page";
import { SettingsSection } from "@/features/settings/components/settings-section";

/** /settings: each feature's section, composed here (features do not import each other). */
export function SettingsPage() {
  return (
    <SettingsScreen>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <SettingsSection title="Matching" description="Whether you are matched with new people.">
        <PauseProfile />
      </SettingsSection>
      <SettingsSection title="Calls" description="The microphone and speaker your calls use on this device.">
        <CallSettings />
      </SettingsSection>
      <SettingsSection
        title="Notifications"
        description="How Kindred reaches you when it is closed: calls, reminders and messages."
      >
        <NotificationSettings />
      </SettingsSection>
      <SettingsSection title="Account" description="Your email address and password.">
        <AccountSettings />
      </SettingsSection>
    </SettingsScreen>
  );
}
