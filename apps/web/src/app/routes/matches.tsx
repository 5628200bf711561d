import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCallOutcomeQuery } from "@/features/calls/api/get-call-outcome";
import { useUnseenMissedCount } from "@/features/calls/api/get-missed-calls";
import { useMarkMissedSeenMutation } from "@/features/calls/api/mark-missed-seen";
import { AfterCallDialog } from "@/features/calls/components/after-call-dialog";
import { LazyScheduleCallDialog } from "@/features/matches/components/lazy-dialogs";
import { MatchesScreen } from "@/features/matches/components/matches-screen";
import { QuickNote } from "@/features/notes/components/quick-note";
import { useAuth } from "@/lib/auth";
import { withinPageState } from "@/lib/within-page";
import { matchCardExtras } from "./match-card-extras";

/** The call the call page ended on its way here (use-call-ending), or null. */
function afterCallOf(state: unknown): number | null {
  const id = (state as { afterCall?: unknown } | null)?.afterCall;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
}

/** Being on Matches is seeing its missed calls: the tab's badge clears (the cards keep the trace). */
function useSeeMissedCalls(): void {
  const unseen = useUnseenMissedCount();
  const { mutate } = useMarkMissedSeenMutation();
  useEffect(() => {
    if (unseen > 0) mutate(undefined);
  }, [unseen, mutate]);
}

/**
 * Issue 27 §5: arriving from a call, what it changed, from the server. The call's id is taken once and
 * the history entry forgets it, so a reload or a return here does not show it again.
 */
function AfterCall({ callerPlan }: { callerPlan: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [callId] = useState(() => afterCallOf(location.state));
  const [open, setOpen] = useState(true);
  const [scheduling, setScheduling] = useState<{ matchId: number; username: string } | null>(null);
  const outcome = useCallOutcomeQuery(callId).data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (callId === null) return;
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: withinPageState({}) },
    );
  }, []);

  // Only a call that was answered has a moment after it.
  const shown = outcome?.status === "completed" ? outcome : null;
  return (
    <>
      {shown ? (
        <AfterCallDialog
          outcome={shown}
          callerPlan={callerPlan}
          open={open}
          onOpenChange={setOpen}
          note={<QuickNote matchId={shown.matchId} username={shown.otherUser.username} />}
          onSchedule={() => {
            setOpen(false);
            setScheduling({ matchId: shown.matchId, username: shown.otherUser.username });
          }}
        />
      ) : null}
      {scheduling ? (
        <LazyScheduleCallDialog
          matchId={scheduling.matchId}
          username={scheduling.username}
          open
          onOpenChange={(next) => {
            if (!next) setScheduling(null);
          }}
        />
      ) : null}
    </>
  );
}

export function MatchesPage() {
  const { user } = useAuth();
  useSeeMissedCalls();
  if (!user) return null;
  return (
    <>
      <title>{`Matches · ${PRODUCT_NAME}`}</title>
      <MatchesScreen user={user} cardExtras={matchCardExtras} />
      <AfterCall callerPlan={user.profileType} />
    </>
  );
}
