import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { callManager } from "../call-manager";
import type { CallSession, CallSnapshot } from "../call-session";
import { INITIAL_CALL_STATE } from "../call-state";

const IDLE: CallSnapshot = {
  state: INITIAL_CALL_STATE,
  call: null,
  remoteStream: null,
  localStream: null,
  peerMuted: false,
  quality: null,
};

export interface UseCall extends CallSnapshot {
  answer: () => void;
  reject: () => void;
  hangUp: () => void;
  toggleMute: () => void;
}

/** The manager is attached by the app root, whose code may arrive after the page's. */
export function useCallManagerAttached(): boolean {
  return useSyncExternalStore(
    callManager.subscribe,
    () => callManager.attached,
    () => false,
  );
}

/** A session's snapshot, re-read on each of its changes; IDLE without one. */
export function useSessionSnapshot(session: CallSession | null): CallSnapshot {
  const subscribe = useCallback((notify: () => void) => session?.subscribe(notify) ?? (() => {}), [session]);
  return useSyncExternalStore(
    subscribe,
    () => session?.snapshot ?? IDLE,
    () => IDLE,
  );
}

/**
 * The call of one match on the call page: the call manager's session (joined, answered or started
 * here), shown for as long as the page stays. Leaving the page keeps a live call.
 */
export function useCall(matchId: number, attempt: number): UseCall {
  const [session, setSession] = useState<CallSession | null>(null);
  const attached = useCallManagerAttached();

  // A new attempt (Try Again, Call back) opens a new session.
  useEffect(() => {
    if (!attached) return;
    setSession(callManager.open(matchId, attempt > 0));
    return callManager.show(matchId);
  }, [matchId, attempt, attached]);

  const snapshot = useSessionSnapshot(session);
  return {
    ...snapshot,
    answer: () => void session?.answer(),
    reject: () => void session?.reject(),
    hangUp: () => void session?.hangUp(),
    toggleMute: () => session?.toggleMute(),
  };
}
