import { Bug, LockKeyhole, Play } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useGenerateMatchesMutation } from "@/lib/matches";
import { GenerationTable } from "./generation-table";
import { ProfileSummary } from "./profile-summary";

function AuthenticationRequired() {
  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center">
      <div className="rounded-full bg-violet-50 p-4 text-violet-600">
        <LockKeyhole className="size-8" aria-hidden />
      </div>
      <h1 className="font-bold text-2xl text-stone-900 tracking-tight">Authentication Required</h1>
      <p className="text-stone-600">You need to be logged in to access this page.</p>
      <Button asChild variant="gradient">
        <Link to="/auth">Login</Link>
      </Button>
    </section>
  );
}

/** SPEC §2 "Developer pages": /debug-matches. Open to everyone, so it handles the logged-out case itself. */
export function DebugMatches() {
  const { user, isLoading } = useAuth();
  const generation = useGenerateMatchesMutation({
    onSuccess: ({ matchResults, newMatches }) =>
      toast({
        title: "Match Generation Complete",
        description: `${matchResults.length} potential matches, ${newMatches.length} new matches`,
      }),
    onError: (error) =>
      toast({
        title: "Match Generation Failed",
        description: errorDetail(error, "An unexpected error occurred"),
        variant: "destructive",
      }),
  });

  if (isLoading) return <FullPageSpinner />;
  if (!user) return <AuthenticationRequired />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="flex items-center gap-2 font-semibold text-rose-700 text-sm uppercase tracking-wider">
            <Bug className="size-4" aria-hidden /> Developer
          </p>
          <h1 className="mt-1 font-bold text-3xl text-stone-900 tracking-tight">Debug Matches</h1>
          <p className="mt-1 text-stone-600">{`Signed in as ${user.username}`}</p>
        </div>
        <Button variant="gradient" onClick={() => generation.mutate()} disabled={generation.isPending}>
          <Play aria-hidden />
          {generation.isPending ? "Generating..." : "Generate Matches"}
        </Button>
      </header>
      <section aria-labelledby="debug-profile" className="grid gap-3">
        <h2 id="debug-profile" className="font-semibold text-lg text-stone-900">
          Your matching profile
        </h2>
        <ProfileSummary user={user} />
      </section>
      {generation.data ? (
        <section aria-labelledby="debug-results" className="grid gap-3">
          <h2 id="debug-results" className="font-semibold text-lg text-stone-900">
            {`Results: ${generation.data.matchResults.length} potential, ${generation.data.newMatches.length} new`}
          </h2>
          {generation.data.matchResults.length > 0 ? (
            <GenerationTable results={generation.data.matchResults} />
          ) : (
            <p className="rounded-2xl border border-stone-300 border-dashed bg-white p-6 text-center text-sm text-stone-600">
              No candidates fit this profile right now.
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
