import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { getActiveCall } from "../api/get-active-call";
import { callManager } from "../call-manager";
import { useCallManagerAttached } from "./use-call";

/**
 * What `/call/{matchId}?answer={callId}` (Answer on a push notification) came to: still checking the
 * call, answered (or nothing to do: the page goes on as usual), or over (it stopped ringing before
 * the page opened: nothing is dialled back).
 */
export type AnswerLink = "checking" | "answered" | "over" | "none";

/** The answer param as a call id (a positive integer), or null. */
function callIdOf(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * Answers the call the link names, as the incoming-call banner's Answer does (callManager.answer),
 * once it is sure that call still rings for this match; then drops the param, so a reload or Back
 * does not answer again.
 */
export function useAnswerLink(matchId: number | null): AnswerLink {
  const [params, setParams] = useSearchParams();
  const callId = callIdOf(params.get("answer"));
  const attached = useCallManagerAttached();
  // Kept with its match: the param is gone once it is known.
  const [result, setResult] = useState<{ matchId: number; outcome: AnswerLink } | null>(null);

  useEffect(() => {
    if (matchId === null || callId === null || !attached) return;
    let cancelled = false;
    const done = (outcome: AnswerLink) => {
      setResult({ matchId, outcome });
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("answer");
          return next;
        },
        { replace: true },
      );
    };
    getActiveCall(matchId).then(
      (call) => {
        if (cancelled) return;
        if (call?.id === callId && call.status === "pending") {
          void callManager.answer(matchId);
          done("answered");
        } else if (call?.id === callId) done("none");
        else done("over");
      },
      // The look-up failed: the page goes on as an ordinary call page, whose session looks again.
      () => {
        if (!cancelled) done("none");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [matchId, callId, attached, setParams]);

  if (callId !== null && matchId !== null) return "checking";
  return result?.matchId === matchId ? result.outcome : "none";
}
