import { useSearchParams } from "react-router";
import { AppealPanel } from "@/features/moderation/components/appeal-panel";
import { LinkPage } from "./link-page";

/** /appeal?token=…: a moderation decision's statement and appeal; works without signing in. */
export function AppealPage() {
  const [params] = useSearchParams();
  return (
    <LinkPage title="A decision about your account" noReferrer>
      <AppealPanel token={params.get("token") ?? ""} />
    </LinkPage>
  );
}
