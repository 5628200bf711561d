import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterInput, registerSchema } from "@kindred/shared/auth";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";

const FIELDS = ["name", "email", "username", "password"] as const;
type RegisterField = (typeof FIELDS)[number];

function isRegisterField(field: string | undefined): field is RegisterField {
  return (FIELDS as readonly string[]).includes(field ?? "");
}

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", email: "", username: "", password: "" },
  });

  const onSubmit = handleSubmit((values) =>
    registerMutation.mutate(values, {
      onError: (err) => {
        // 409/400 name the field to change (DECISIONS "Accounts"): show the message on it.
        if (err instanceof ApiError && isRegisterField(err.field)) {
          setError(err.field, { type: "server", message: err.detail }, { shouldFocus: true });
        }
      },
    }),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <FormField
        id="register-name"
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register("username")}
      />
      <PasswordField
        id="register-password"
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button
        type="submit"
        variant="gradient"
        size="lg"
        className="mt-2 w-full"
        disabled={registerMutation.isPending}
      >
        {registerMutation.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
