import { MAIL_TYPES, type MailSettings } from "@kindred/shared/mail";
import { Button } from "@/components/ui/button";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { errorDetail } from "@/lib/api";
import { useMailSettingsQuery } from "../api/get-mail-settings";
import { useUpdateMailSettingsMutation } from "../api/update-mail-settings";
import { MAIL_TYPE_COPY } from "../mail-types";

/**
 * What is mailed to me: a switch per kind, saved as it changes. Mail goes only to a confirmed
 * address, which the group says while it is not.
 */
export function MailPreferences({ email, verified }: { email: string; verified: boolean }) {
  const settings = useMailSettingsQuery();
  const update = useUpdateMailSettingsMutation();
  const save = (patch: Partial<MailSettings>) => update.mutate(patch);
  const failed = update.isError ? update.variables : undefined;

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 font-semibold text-stone-900">Email</legend>
      <p className="text-sm text-stone-600">
        {verified
          ? `Sent to ${email} when Kindred is closed, never while you're using it or in quiet hours.`
          : `Mail notifications start once you confirm ${email}: open the link we mailed you.`}
      </p>
      {settings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading your email settings…
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-red-600 text-sm">
          Your email settings could not be loaded: {errorDetail(settings.error, "please reload.")}
        </p>
      ) : (
        MAIL_TYPES.map((type) => (
          <SettingSwitch
            key={type}
            label={MAIL_TYPE_COPY[type].label}
            description={MAIL_TYPE_COPY[type].description}
            checked={settings.data[type]}
            onChange={(on) => save({ [type]: on })}
          />
        ))
      )}
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
    </fieldset>
  );
}
