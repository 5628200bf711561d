import { PRODUCT_NAME } from "@kindred/shared/constants";
import { HeartCrack } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** Where deleting the account ends: the session is gone, so this is a visitor's page. */
export function AccountDeletedPage() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center">
      <title>{`Account deleted · ${PRODUCT_NAME}`}</title>
      <div className="rounded-full bg-rose-50 p-4 text-rose-600">
        <HeartCrack className="size-8" aria-hidden />
      </div>
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Your account has been deleted</h1>
      <p className="text-stone-600">
        Your profile, matches, messages, calls and notes are gone. Thank you for trying {PRODUCT_NAME}.
      </p>
      <Button asChild variant="gradient">
        <Link to="/">Go to homepage</Link>
      </Button>
    </section>
  );
}
