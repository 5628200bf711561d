import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";
import { useSendTestNotificationMutation } from "../api/send-test-notification";

/** What a sent test says: to how many browsers, and when to look. */
function sentSentence(queued: number): string {
  const browsers = queued === 1 ? "1 browser" : `${queued} browsers`;
  return `Sent to ${browsers} with notifications on. It should appear within a few seconds.`;
}

/** 'Send a test notification', with what happened said in words under it. */
export function TestNotification() {
  const send = useSendTestNotificationMutation();
  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
        Send a test notification
      </Button>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {send.isSuccess ? sentSentence(send.data.queued) : null}
      </p>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {send.isError ? errorDetail(send.error, "The test notification could not be sent.") : null}
      </p>
    </div>
  );
}
