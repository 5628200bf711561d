import type { LoginInput } from "@kindred/shared/auth";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useCheckedForm } from "./use-checked-form";

const loadLoginSchema = () => import("@kindred/shared/auth").then((m) => m.loginSchema);

export function LoginForm() {
  const { loginMutation } = useAuth();
  // A suspended or banned account (403 with an appeal link): the server's sentence, and where to read
  // the decision and appeal. Other failures are the provider's toast.
  const failure = loginMutation.error;
  const appealUrl = failure instanceof ApiError ? failure.body?.appealUrl : undefined;
  const { errors, formProps } = useCheckedForm<"username" | "password", LoginInput>(loadLoginSchema);

  return (
    <form className="grid gap-4" {...formProps((values) => loginMutation.mutate(values))}>
      <FormField
        id="login-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        name="username"
        error={errors.username}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        name="password"
        error={errors.password}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 justify-self-end rounded-sm font-medium text-rose-700 text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
      >
        Forgot password?
      </Link>
      {failure instanceof ApiError && appealUrl ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 text-sm"
        >
          <p>{failure.detail}</p>
          <Link to={appealUrl} className="justify-self-start font-medium underline underline-offset-4">
            Read the decision and appeal
          </Link>
        </div>
      ) : null}
      <Button
        type="submit"
        variant="gradient"
        size="lg"
        className="mt-2 w-full"
        disabled={loginMutation.isPending}
      >
        {loginMutation.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
