import { useAuth } from "@/lib/auth";
import { useBrowserPush } from "../hooks/use-browser-push";
import { BrowserPushSwitch } from "./browser-push-switch";
import { MailPreferences } from "./mail-preferences";
import { NotificationPreferences } from "./notification-preferences";
import { TestNotification } from "./test-notification";

/**
 * The Notifications section of the settings page: push on this browser (and a test), then what is
 * pushed to every browser of mine, then what is mailed to me.
 */
export function NotificationSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-8">
      <NotificationSettingsFor userId={user.id} />
      <MailPreferences email={user.email} verified={user.emailVerified} />
    </div>
  );
}

function NotificationSettingsFor({ userId }: { userId: number }) {
  const push = useBrowserPush(userId);
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <BrowserPushSwitch
          state={push.state}
          busy={push.busy}
          onTurnOn={() => void push.turnOn()}
          onTurnOff={() => void push.turnOff()}
        />
        <p role="alert" className="text-red-600 text-sm empty:hidden">
          {push.error}
        </p>
        <TestNotification />
      </div>
      <NotificationPreferences />
    </div>
  );
}
