import { LockKeyhole } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * What a visitor sees instead of a socket: the server refuses sockets without a session, so opening
 * one would only ever fail.
 */
export function SignInToConnect({ socket = "the test socket" }: { socket?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed bg-white px-6 py-10 text-center"
    >
      <div className="rounded-full bg-violet-50 p-3 text-violet-600">
        <LockKeyhole className="size-6" aria-hidden />
      </div>
      <h2 id={headingId} className="font-semibold text-stone-900 text-xl">
        Sign in required
      </h2>
      <p className="max-w-md text-stone-600">{`Sign in to connect: ${socket} only opens for a signed-in member.`}</p>
      <Button asChild variant="gradient">
        <Link to="/auth?tab=login">Sign In</Link>
      </Button>
    </section>
  );
}
