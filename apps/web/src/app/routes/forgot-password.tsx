import { Link } from "react-router";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LinkPage } from "./link-page";

/** /forgot-password: the address to mail a reset link to. */
export function ForgotPasswordPage() {
  return (
    <LinkPage
      title="Forgot your password?"
      intro="Enter the email address of your account and we'll mail you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it?{" "}
        <Link to="/auth" className="font-medium text-rose-700 underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </LinkPage>
  );
}
