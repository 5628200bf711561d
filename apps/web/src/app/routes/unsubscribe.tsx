import { useSearchParams } from "react-router";
import { UnsubscribePanel } from "@/features/notifications/components/unsubscribe-panel";
import { mailTypeOf } from "@/features/notifications/mail-types";
import { LinkPage } from "./link-page";

/** /unsubscribe?token=…&type=…: the footer link of a notification mail; works without signing in. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <LinkPage title="Unsubscribe" noReferrer>
      <UnsubscribePanel token={params.get("token") ?? ""} type={mailTypeOf(params.get("type"))} />
    </LinkPage>
  );
}
