import { type MailType, UNSUBSCRIBE_INVALID } from "@kindred/shared/mail";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";
import { useUnsubscribeMutation } from "../api/unsubscribe";
import { MAIL_TYPE_COPY } from "../mail-types";

/**
 * An unsubscribe link's page. Nothing changes until the button is pressed: mail scanners open every
 * link in a mail, and would otherwise unsubscribe people who never asked. (Mail clients use the
 * one-click POST of the List-Unsubscribe header instead, which needs no page.)
 */
export function UnsubscribePanel({ token, type }: { token: string; type: MailType | null }) {
  const unsubscribe = useUnsubscribeMutation();
  if (!token || !type) {
    return (
      <p role="alert" className="text-stone-700">
        {UNSUBSCRIBE_INVALID}
      </p>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <div role="status" className="grid gap-4">
        <p className="text-stone-900">{unsubscribe.data.message}</p>
        <SettingsLink />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        {`Press Unsubscribe and we'll stop sending you ${MAIL_TYPE_COPY[type].stops}. Mail about your account itself, like password resets, still comes.`}
      </p>
      <Button
        variant="gradient"
        size="lg"
        className="w-full"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate({ token, type })}
      >
        {unsubscribe.isPending ? "Unsubscribing…" : "Unsubscribe"}
      </Button>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {unsubscribe.isError ? errorDetail(unsubscribe.error, UNSUBSCRIBE_INVALID) : ""}
      </p>
      <SettingsLink />
    </div>
  );
}

function SettingsLink() {
  return (
    <p className="text-sm text-stone-600">
      You can choose every kind of mail we send you in{" "}
      <Link to="/settings" className="font-medium text-rose-700 underline underline-offset-4">
        Settings
      </Link>
      .
    </p>
  );
}
