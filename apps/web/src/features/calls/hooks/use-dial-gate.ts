import type { CallAllowance } from "@kindred/shared/calls";
import type { Match } from "@kindred/shared/matches";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getActiveCall } from "../api/get-active-call";
import { callManager } from "../call-manager";
import { type DialGate, dialGate } from "../dial-gate";
import { useCallManagerAttached } from "./use-call";

/**
 * Whether the call page may open its call now (issue 27 §2, §7): a call that rings or runs is joined
 * at once; a new one waits for 'Call anyway' when they are offline, and is not dialled at all past
 * the day's limit. Each attempt (Try Again, Call back) asks again; once open it stays open.
 */
export function useDialGate(
  matchId: number | null,
  match: Match | undefined,
  attempt: number,
): { gate: DialGate; callAnyway: () => void } {
  const attached = useCallManagerAttached();
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const session = matchId === null ? null : callManager.get(matchId);
  const { phase } = session?.snapshot.state ?? { phase: "idle" };
  const sessionLive = session !== null && phase !== "ended" && phase !== "error" && attempt === 0;
  const active = useQuery({
    queryKey: ["call-page", "active-call", matchId, attempt],
    queryFn: () => getActiveCall(matchId ?? 0),
    enabled: matchId !== null && attached && !sessionLive,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const allowance = useQuery<CallAllowance, Error>({ queryKey: ["/api/calls/allowance"] });
  const gate = dialGate({
    sessionLive,
    // A failed look-up opens the call: the session looks again and says what went wrong.
    activeCall: active.isError ? null : active.data,
    otherOnline: match?.otherUser.online,
    allowance: allowance.data,
    confirmed: confirmed === attempt,
  });
  // Once open, later presence or allowance changes do not take the call away.
  useEffect(() => {
    if (gate.kind === "open" && confirmed !== attempt) setConfirmed(attempt);
  }, [gate.kind, confirmed, attempt]);
  return { gate, callAnyway: () => setConfirmed(attempt) };
}
