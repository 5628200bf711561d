import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";
import { useAuth, userQueryKey } from "@/lib/auth";
import { useVerifyEmailQuery } from "../api/verify-email";
import { isExpiredLink } from "../link-errors";
import { ExpiredLink } from "./reset-password-form";

/**
 * Confirms the address of the link's token as the page opens (signed in or not): the link is the
 * person's click, and a confirmation changes nothing they did not ask for. Signed in, their user is
 * read again so the banner on /home goes.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const verify = useVerifyEmailQuery(token);
  const confirmed = verify.isSuccess;
  const signedIn = user !== null;

  useEffect(() => {
    if (confirmed && signedIn) void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [confirmed, signedIn, queryClient]);

  const next = signedIn ? { to: "/home", label: "Go to your home page" } : { to: "/auth", label: "Sign in" };
  if (!token || (verify.isError && isExpiredLink(verify.error))) {
    // A signed-in person sends a new link from the banner on /home.
    return <ExpiredLink to={next.to} label={signedIn ? "Send a new link from your home page" : "Sign in"} />;
  }
  if (verify.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 text-red-700">
        <p>{errorDetail(verify.error, "Your address could not be confirmed just now.")}</p>
        <Button variant="outline" onClick={() => void verify.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!confirmed) {
    return (
      <p role="status" className="text-stone-600">
        Confirming your email address…
      </p>
    );
  }
  return (
    <div role="status" className="grid justify-items-center gap-4">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <p className="font-semibold text-lg text-stone-900">Your email address is confirmed</p>
      <p className="text-stone-600">{`We'll use ${verify.data.email} for your account.`}</p>
      <Button asChild variant="gradient">
        <Link to={next.to}>{next.label}</Link>
      </Button>
    </div>
  );
}
