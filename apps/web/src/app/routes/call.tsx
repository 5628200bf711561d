import { PRODUCT_NAME } from "@kindred/shared/constants";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCallMatchQuery } from "@/features/calls/api/get-call-match";
import { CallScreen } from "@/features/calls/components/call-screen";
import { DialGatePanel } from "@/features/calls/components/dial-gate-panel";
import { useAnswerLink } from "@/features/calls/hooks/use-answer-link";
import { useDialGate } from "@/features/calls/hooks/use-dial-gate";
import { LazyScheduleCallDialog } from "@/features/matches/components/lazy-dialogs";
import { NotesButton } from "@/features/notes/components/notes-button";
import { useAuth } from "@/lib/auth";

/** A positive integer id from the URL, or null (SPEC §5: the id is parsed as an integer). */
function idOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

/** Answer on a notification whose call stopped ringing before this page opened. */
function CallOver() {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-stone-100 p-8 text-center">
      <h2 className="font-semibold text-stone-900 text-xl">This call has already ended.</h2>
      <Button asChild variant="outline">
        <Link to="/matches">Return to Matches</Link>
      </Button>
    </div>
  );
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
 * /call/{matchId}: shows the match's call from the call manager. A call that rings or runs is joined
 * at once; a new one is dialled unless they are offline ('Call anyway') or the day's calls are used
 * up. `?autoStart=true` (from a match card) changes nothing. `?answer={callId}` (Answer on a push
 * notification) answers that call if it still rings, and dials nothing if it has ended. Private
 * notes and the schedule dialog are composed here, since features do not import each other.
 */
export function CallPage() {
  const params = useParams();
  const matchId = idOf(params.id);
  const { user } = useAuth();
  const match = useCallMatchQuery(matchId ?? 0);
  const answerLink = useAnswerLink(matchId);
  // Try Again and Call back start a fresh call attempt.
  const [attempt, setAttempt] = useState(0);
  const { gate, callAnyway } = useDialGate(matchId, match.data, attempt);
  const [scheduling, setScheduling] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const onSchedule = () => setScheduling(true);

  let body: ReactNode;
  if (matchId === null || (match.isError && !match.data)) body = <SetupError />;
  else if (answerLink === "over") body = <CallOver />;
  else if (!match.data || !user || answerLink === "checking") {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-stone-600">
        <Spinner label="Loading" />
        <p>Loading call information...</p>
      </div>
    );
  } else if (gate.kind !== "open") {
    body = (
      <DialGatePanel
        gate={gate}
        username={match.data.otherUser.username}
        onCallAnyway={callAnyway}
        onSchedule={onSchedule}
      />
    );
  } else {
    body = (
      <CallScreen
        key={attempt}
        match={match.data}
        user={user}
        attempt={attempt}
        onRetry={() => setAttempt((n) => n + 1)}
        onSchedule={onSchedule}
        holdEnding={scheduling || notesOpen}
      />
    );
  }

  const other = match.data?.otherUser;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 md:py-10">
      <title>{`Audio Call · ${PRODUCT_NAME}`}</title>
      <Link to="/matches" className="w-fit text-rose-700 text-sm hover:underline">
        ← Back to Matches
      </Link>
      <div className="flex items-center justify-between gap-3">
        <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Audio Call</h1>
        {matchId !== null && other ? (
          <NotesButton
            matchId={matchId}
            username={other.username}
            open={notesOpen}
            onOpenChange={setNotesOpen}
          />
        ) : null}
      </div>
      {body}
      {matchId !== null && other ? (
        <LazyScheduleCallDialog
          matchId={matchId}
          username={other.username}
          open={scheduling}
          onOpenChange={setScheduling}
        />
      ) : null}
    </section>
  );
}
