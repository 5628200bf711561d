import { useAuth } from "@/lib/auth";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";

/** The Account section: the address and the password, each behind the current password. */
export function AccountSettings() {
  const { user } = useAuth();
  if (!user) return null;
  if (user.googleOnly) {
    return (
      <p className="text-stone-700">
        {`You sign in with Google, so your account has no password of its own here. Your email address (${user.email}) and password are managed in your Google account.`}
      </p>
    );
  }
  return (
    <div className="grid gap-8">
      <ChangeEmailForm current={user.email} />
      <ChangePasswordForm />
    </div>
  );
}
