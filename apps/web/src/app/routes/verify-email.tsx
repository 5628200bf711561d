import { useSearchParams } from "react-router";
import { VerifyEmailStatus } from "@/features/auth/components/verify-email-status";
import { LinkPage } from "./link-page";

/** /verify-email?token=…: confirms an address (after sign-up, or a change of address), signed in or not. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <LinkPage title="Confirm your email address" noReferrer>
      <div className="text-center">
        <VerifyEmailStatus token={params.get("token") ?? ""} />
      </div>
    </LinkPage>
  );
}
