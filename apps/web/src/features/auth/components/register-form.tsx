import type { RegisterInput } from "@kindred/shared/auth";
import { PRODUCT_NAME } from "@kindred/shared/constants";
import type { SelfUser } from "@kindred/shared/user";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorDetail } from "@/lib/api";
import { register } from "../api/register";
import { useCheckedForm } from "./use-checked-form";
import { useSubmission } from "./use-submission";

const FIELDS = ["name", "email", "username", "password"] as const;
type RegisterField = (typeof FIELDS)[number];

function isRegisterField(field: string | undefined): field is RegisterField {
  return (FIELDS as readonly string[]).includes(field ?? "");
}

const loadRegisterSchema = () => import("@kindred/shared/auth").then((m) => m.registerSchema);

// A plain form post before the page's script runs, as the sign-in form (login-form.tsx).
export function RegisterForm({ onSignedIn }: { onSignedIn: (user: SelfUser) => void }) {
  const { pending, submit } = useSubmission(register);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setFieldError, formProps } = useCheckedForm<RegisterField, RegisterInput>(
    loadRegisterSchema,
  );

  const onValid = (values: RegisterInput) =>
    submit(values, {
      onSuccess: (user) => {
        toast({
          title: "Account created",
          description: `Welcome to ${PRODUCT_NAME}! Let's complete your profile.`,
        });
        onSignedIn(user);
      },
      onError: (err) => {
        // 409/400 name the field to change (DECISIONS "Accounts"): show the message on it.
        if (err instanceof ApiError && isRegisterField(err.field)) {
          setFieldError(form.current, err.field, err.detail);
        }
        toast({
          title: "Registration failed",
          description: errorDetail(err, "Unable to create account"),
          variant: "destructive",
        });
      },
    });

  return (
    <form ref={form} className="grid gap-4" method="post" action="/api/register" {...formProps(onValid)}>
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
      <Button type="submit" variant="gradient" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
