import type { RegisterInput } from "@kindred/shared/auth";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useCheckedForm } from "./use-checked-form";

const FIELDS = ["name", "email", "username", "password"] as const;
type RegisterField = (typeof FIELDS)[number];

function isRegisterField(field: string | undefined): field is RegisterField {
  return (FIELDS as readonly string[]).includes(field ?? "");
}

const loadRegisterSchema = () => import("@kindred/shared/auth").then((m) => m.registerSchema);

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setFieldError, formProps } = useCheckedForm<RegisterField, RegisterInput>(
    loadRegisterSchema,
  );

  const onValid = (values: RegisterInput) =>
    registerMutation.mutate(values, {
      onError: (err) => {
        // 409/400 name the field to change (DECISIONS "Accounts"): show the message on it.
        if (err instanceof ApiError && isRegisterField(err.field)) {
          setFieldError(form.current, err.field, err.detail);
        }
      },
    });

  return (
    <form ref={form} className="grid gap-4" {...formProps(onValid)}>
      <FormField id="register-name" label="Full Name" autoComplete="name" name="name" error={errors.name} />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        name="email"
        error={errors.email}
      />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        name="username"
        error={errors.username}
      />
      <PasswordField
        id="register-password"
        label="Password"
        autoComplete="new-password"
        name="password"
        error={errors.password}
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
