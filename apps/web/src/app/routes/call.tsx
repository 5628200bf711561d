import { PRODUCT_NAME } from "@kindred/shared/constants";
import { type ReactNode, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCallMatchQuery } from "@/features/calls/api/get-call-match";
import { CallScreen } from "@/features/calls/components/call-screen";
import { useAuth } from "@/lib/auth";

/** A positive integer id from the URL, or null (SPEC §5: the id is parsed as an integer). */
function idOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

function SetupError() {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-8 text-center">
      <h2 className="font-semibold text-red-900 text-xl">Error setting up call</h2>
      <p className="text-red-800">Could not load match information. Please try again.</p>
      <Button asChild variant="outline">
        <Link to="/matches">Return to Matches</Link>
      </Button>
    </div>
  );
}

/**
 * /call/{matchId}: `?autoStart=true` (from a match card) and no parameter both start or join the
 * call; `?answer={callId}` answers at once, because Answer was already pressed on the banner.
 */
export function CallPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const matchId = idOf(params.id);
  const answerCallId = idOf(search.get("answer"));
  const { user } = useAuth();
  const match = useCallMatchQuery(matchId ?? 0);
  // Try Again starts a fresh call attempt (and never re-answers an old banner's call).
  const [attempt, setAttempt] = useState(0);

  let body: ReactNode;
  if (matchId === null || (match.isError && !match.data)) body = <SetupError />;
  else if (!match.data || !user) {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-stone-600">
        <Spinner label="Loading" />
        <p>Loading call information...</p>
      </div>
    );
  } else {
    body = (
      <CallScreen
        key={attempt}
        match={match.data}
        user={user}
        answerCallId={attempt === 0 ? answerCallId : null}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 md:py-10">
      <title>{`Audio Call · ${PRODUCT_NAME}`}</title>
      <Link to="/matches" className="w-fit text-rose-700 text-sm hover:underline">
        ← Back to Matches
      </Link>
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Audio Call</h1>
      {body}
    </section>
  );
}
