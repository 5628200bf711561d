import type { NotificationSettings } from "@kindred/shared/notifications";
import { Button } from "@/components/ui/button";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { errorDetail } from "@/lib/api";
import { useNotificationSettingsQuery } from "../api/get-notification-settings";
import { useUpdateNotificationSettingsMutation } from "../api/update-notification-settings";
import { QuietHours } from "./quiet-hours";

type TypeKey = "calls" | "reminders" | "messages" | "news";

const TYPES: { key: TypeKey; label: string; description: string }[] = [
  {
    key: "calls",
    label: "Incoming calls",
    description: "When someone calls you. If you do not answer, it becomes a missed call.",
  },
  {
    key: "reminders",
    label: "Scheduled call reminders",
    description: "10 minutes before a call you scheduled, and when it starts.",
  },
  {
    key: "messages",
    label: "Messages",
    description: "When a message has waited 2 minutes unread while Kindred is closed.",
  },
  {
    key: "news",
    label: "Matches and unlocks",
    description: "A new match, a chat unlocked, photos revealed.",
  },
];

/**
 * What is pushed to me, on every browser: a switch per kind, hidden names, quiet hours. Each change
 * is saved at once; a failed save says so, and 'Try again' makes that change again.
 */
export function NotificationPreferences() {
  const settings = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();

  if (settings.isPending) {
    return (
      <p role="status" className="text-sm text-stone-600">
        Loading your notification settings…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <p role="alert" className="text-red-600 text-sm">
        Your notification settings could not be loaded: {errorDetail(settings.error, "please reload.")}
      </p>
    );
  }
  const current = settings.data;
  const save = (patch: Partial<NotificationSettings>) => update.mutate(patch);
  const failed = update.isError ? update.variables : undefined;

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-3 font-semibold text-stone-900">Notify me about</legend>
        {TYPES.map((type) => (
          <SettingSwitch
            key={type.key}
            label={type.label}
            description={type.description}
            checked={current[type.key]}
            onChange={(on) => save({ [type.key]: on })}
          />
        ))}
      </fieldset>
      <SettingSwitch
        label="Hide names in notifications"
        description="Titles say 'Someone is calling you on Kindred' or 'You have a new message', and emails name no one, so your lock screen shows no names."
        checked={current.hideNames}
        onChange={(hideNames) => save({ hideNames })}
      />
      <QuietHours value={current.quietHours} onChange={(quietHours) => save({ quietHours })} />
      <div role="alert" className="empty:hidden">
        {failed ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-red-600 text-sm">
              Your change was not saved: {errorDetail(update.error, "please try again.")}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={() => save(failed)}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
