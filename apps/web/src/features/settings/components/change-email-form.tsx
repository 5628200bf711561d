import { zodResolver } from "@hookform/resolvers/zod";
import { changeEmailSchema, emailChangeSentMessage } from "@kindred/shared/mail";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { ApiError, errorDetail } from "@/lib/api";
import { type ChangeEmailInput, useChangeEmailMutation } from "../api/change-email";

const FIELDS = ["email", "currentPassword"] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string | undefined): field is Field =>
  (FIELDS as readonly string[]).includes(field ?? "");

/** 'Change email': the new address and the current password; the change waits for the mailed link. */
export function ChangeEmailForm({ current }: { current: string }) {
  const change = useChangeEmailMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: "", currentPassword: "" },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      onError: (err) => {
        // A wrong password or a taken address names its field: the message goes on it.
        if (err instanceof ApiError && isField(err.field)) {
          setError(err.field, { type: "server", message: err.detail }, { shouldFocus: true });
        }
      },
    }),
  );
  const fieldError = change.error instanceof ApiError && isField(change.error.field);

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-labelledby="change-email-heading">
      <h3 id="change-email-heading" className="font-semibold text-stone-900">
        Change email
      </h3>
      <p className="text-sm text-stone-600">{`Your address now: ${current}`}</p>
      <FormField
        id="change-email-new"
        label="New email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <PasswordField
        id="change-email-password"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? "Sending…" : "Change email"}
      </Button>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {change.isSuccess ? change.data.message || emailChangeSentMessage(change.variables.email) : ""}
      </p>
      <p role="alert" className="text-red-600 text-sm empty:hidden">
        {change.isError && !fieldError ? errorDetail(change.error, "Your email could not be changed.") : ""}
      </p>
    </form>
  );
}
