import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorDetail } from "@/lib/api";
import { useChangePasswordMutation } from "../api/change-password";
import { changePasswordFormSchema, type ChangePasswordForm as Values } from "../change-password-schema";

export const PASSWORD_CHANGED = "Your password was changed";

/** 'Change password': the current one, the new one twice. Every other session of the account ends. */
export function ChangePasswordForm() {
  const change = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast({ title: PASSWORD_CHANGED, description: "You're signed out everywhere else." });
        },
        onError: (err) => {
          if (err instanceof ApiError && (err.field === "currentPassword" || err.field === "newPassword")) {
            setError(err.field, { type: "server", message: err.detail }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  const fieldError =
    change.error instanceof ApiError && ["currentPassword", "newPassword"].includes(change.error.field ?? "");

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold text-stone-900">
        Change password
      </h3>
      <PasswordField
        id="change-password-current"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <PasswordField
        id="change-password-new"
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <PasswordField
        id="change-password-confirm"
        label="New password again"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register("confirm")}
      />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? "Saving…" : "Change password"}
      </Button>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {change.isSuccess ? `${PASSWORD_CHANGED}. You're signed out on your other devices.` : ""}
      </p>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {change.isError && !fieldError
          ? errorDetail(change.error, "Your password could not be changed.")
          : ""}
      </p>
    </form>
  );
}
