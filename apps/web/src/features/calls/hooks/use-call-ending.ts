import { TIMERS } from "@kindred/shared/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { matchesQueryKey } from "@/lib/matches";
import { CALL_ENDED_TOAST } from "../call-errors";
import { callManager } from "../call-manager";
import type { CallPhase } from "../call-state";

/**
 * SPEC §2: the panel closes 1.5 s after the call ends (3 s after a failure); an ended call toasts
 * and goes to /matches after 2 s. Matches and the day's allowance are re-read, since a call may have
 * counted (unlocks, call day) or used up a start. The call's id goes along in the navigation's state:
 * /matches asks the server what the call changed (the after-call dialog).
 */
export function useCallEnding(phase: CallPhase): { panelOpen: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  // navigate may change identity with the location; the timers must not restart when it does.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const over = phase === "ended" || phase === "error";
  // The call page is /call/{matchId}; its session (still shown by that page) knows the call's id.
  const matchId = Number(useParams().id);

  useEffect(() => {
    if (!over) return;
    void queryClient.invalidateQueries({ queryKey: matchesQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["/api/calls/allowance"] });
    const ended = phase === "ended";
    const close = setTimeout(
      () => setClosed(true),
      ended ? TIMERS.callPanelCloseMs : TIMERS.callStartFailureCloseMs,
    );
    if (!ended) return () => clearTimeout(close);
    toast(CALL_ENDED_TOAST);
    const callId = callManager.get(matchId)?.snapshot.state.callId ?? null;
    const leave = setTimeout(
      () => navigateRef.current("/matches", { state: callId === null ? null : { afterCall: callId } }),
      TIMERS.callRedirectMs,
    );
    return () => {
      clearTimeout(close);
      clearTimeout(leave);
    };
  }, [over, phase, queryClient, matchId]);

  return { panelOpen: !closed };
}
