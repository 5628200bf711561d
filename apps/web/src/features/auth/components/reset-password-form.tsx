import { zodResolver } from "@hookform/resolvers/zod";
import { LINK_EXPIRED } from "@kindred/shared/mail";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";
import { usePasswordResetCheck } from "../api/check-password-reset";
import { useConfirmPasswordResetMutation } from "../api/confirm-password-reset";
import { isExpiredLink } from "../link-errors";
import { type NewPasswordForm, newPasswordFormSchema } from "../new-password-schema";

/** The mailed link's form: a new password, twice. Setting it signs the person in and lands on /home. */
export function ResetPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordResetMutation();
  const check = usePasswordResetCheck(token);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = handleSubmit(({ password }) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: (user) => {
          // Whoever this browser held before, it now holds this person's new session only.
          queryClient.clear();
          queryClient.setQueryData(userQueryKey, user);
          toast({
            title: "Your password was changed",
            description: "You're signed in with your new password.",
          });
          navigate("/home", { replace: true });
        },
      },
    ),
  );

  // The form shows while the link is checked: most links work, and the answer takes a round trip.
  const spent =
    (check.isError && isExpiredLink(check.error)) || (confirm.isError && isExpiredLink(confirm.error));
  if (!token || spent) return <ExpiredLink />;
  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField
        id="reset-password-confirm"
        label="Type it again"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register("confirm")}
      />
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? "Saving…" : "Set my new password"}
      </Button>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {confirm.isError
          ? errorDetail(confirm.error, "Your password could not be changed. Please try again.")
          : ""}
      </p>
    </form>
  );
}

/** A link that no longer works, and the way to a new one (by default: ask for a new reset link). */
export function ExpiredLink({
  to = "/forgot-password",
  label = "Ask for a new link",
}: {
  to?: string;
  label?: string;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
    >
      <p>{LINK_EXPIRED}</p>
      <Link to={to} className="font-medium text-rose-700 underline underline-offset-4">
        {label}
      </Link>
    </div>
  );
}
