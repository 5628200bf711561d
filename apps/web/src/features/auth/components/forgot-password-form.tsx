import { zodResolver } from "@hookform/resolvers/zod";
import { passwordResetRequestSchema } from "@kindred/shared/mail";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { errorDetail } from "@/lib/api";
import { useRequestPasswordResetMutation } from "../api/request-password-reset";

/**
 * The address to send a reset link to. The server answers every address with the same sentence, so
 * the page shows whatever it said; a refusal (too many requests) is shown as an error to act on.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordResetMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: "" },
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={handleSubmit((values) => request.mutate(values))}>
      <FormField
        id="forgot-password-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? "Sending…" : "Send me a link"}
      </Button>
      <div>
        <p role="status" className="text-sm text-stone-700 empty:hidden">
          {request.isSuccess ? request.data.message : ""}
        </p>
        <p role="alert" className="text-red-600 text-sm empty:hidden">
          {request.isError
            ? errorDetail(request.error, "Your request could not be sent. Please try again.")
            : ""}
        </p>
      </div>
    </form>
  );
}
