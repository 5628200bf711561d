import type { LoginInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorDetail } from "@/lib/api";
import { login } from "../api/login";
import { useCheckedForm } from "./use-checked-form";
import { useSubmission } from "./use-submission";

const loadLoginSchema = () => import("@kindred/shared/auth").then((m) => m.loginSchema);

// Submitted before the page's script runs, the form posts itself (the server answers it with a
// redirect: apps/server/src/features/auth/form-posts.ts); after, the script sends it as JSON.
export function LoginForm({ onSignedIn }: { onSignedIn: (user: SelfUser) => void }) {
  const { pending, error, submit } = useSubmission(login);
  // A suspended or banned account (403 with an appeal link): the server's sentence, and where to read
  // the decision and appeal, in place of a toast.
  const appealUrl = error instanceof ApiError ? error.body?.appealUrl : undefined;
  const { errors, formProps } = useCheckedForm<"username" | "password", LoginInput>(loadLoginSchema);

  const onValid = (values: LoginInput) =>
    submit(values, {
      onSuccess: (user) => {
        toast({ title: "Welcome back!", description: "You've successfully logged in." });
        onSignedIn(user);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body?.appealUrl) return;
        toast({
          title: "Login failed",
          description: errorDetail(err, "Invalid username or password"),
          variant: "destructive",
        });
      },
    });

  return (
    <form className="grid gap-4" method="post" action="/api/login" {...formProps(onValid)}>
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
      {error instanceof ApiError && appealUrl ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 text-sm"
        >
          <p>{error.detail}</p>
          <Link to={appealUrl} className="justify-self-start font-medium underline underline-offset-4">
            Read the decision and appeal
          </Link>
        </div>
      ) : null}
      <Button type="submit" variant="gradient" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
