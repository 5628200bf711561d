import { PASSWORD_MIN } from "@kindred/shared/constants";
import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { LinkPage } from "./link-page";

/** /reset-password?token=…: the mailed link's page. Its URL holds the token, so it sends no Referer. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <LinkPage
      title="Choose a new password"
      intro={`At least ${PASSWORD_MIN} characters. You'll be signed in with it.`}
      noReferrer
    >
      <ResetPasswordForm token={params.get("token") ?? ""} />
    </LinkPage>
  );
}
