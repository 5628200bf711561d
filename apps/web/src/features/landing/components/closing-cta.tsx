import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function ClosingCta() {
  return (
    <section className="bg-white px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-gradient-to-br from-rose-500 via-rose-600 to-violet-700 px-6 py-16 text-center text-white shadow-2xl shadow-rose-500/20 sm:px-16">
        <div aria-hidden className="absolute -top-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden
          className="absolute -right-20 -bottom-28 size-80 rounded-full bg-violet-400/30 blur-3xl"
        />
        <h2 className="relative font-bold text-3xl tracking-tight sm:text-4xl">Ready to be heard?</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-rose-50/90">
          Your next meaningful connection is one conversation away. It only takes a few minutes to start.
        </p>
        <div className="relative mt-8 flex flex-col items-center gap-4">
          <Button asChild variant="inverse" size="lg">
            <Link to="/auth?tab=register">Create Your Free Account</Link>
          </Button>
          <p className="text-rose-50/90 text-sm">
            Already have an account?{" "}
            <Link to="/auth?tab=login" className="font-semibold text-white underline underline-offset-4">
              Sign In
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
