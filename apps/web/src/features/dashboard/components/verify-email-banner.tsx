import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";
import { useResendVerificationMutation } from "../api/resend-verification";

/**
 * A quiet reminder while the address is unconfirmed: nothing is blocked, but mail notifications go
 * only to confirmed addresses. 'Resend' mails a new link (the server limits how often).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerificationMutation();
  return (
    <section
      aria-label="Confirm your email address"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <MailCheck className="size-5 shrink-0 text-amber-700" aria-hidden />
      <p className="min-w-0 flex-1 text-sm">
        {`Please confirm your email address. We sent a link to ${email}.`}
      </p>
      <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? "Sending…" : "Resend"}
      </Button>
      <p role="status" className="w-full text-sm empty:hidden">
        {resend.isSuccess ? resend.data.message : ""}
      </p>
      <p role="alert" className="w-full text-red-700 text-sm empty:hidden">
        {resend.isError ? errorDetail(resend.error, "The link could not be sent. Please try again.") : ""}
      </p>
    </section>
  );
}
