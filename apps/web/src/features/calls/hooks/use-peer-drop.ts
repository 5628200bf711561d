import { useEffect, useRef, useState } from "react";
import { useConnectionStatus } from "@/lib/realtime";
import type { CallState } from "../call-state";
import { dropSince, graceSecondsLeft, peerDropped } from "../peer-drop";

export interface PeerDrop {
  /** They dropped and are not back yet. */
  dropped: boolean;
  /** Seconds of the server's grace left while dropped. */
  secondsLeft: number;
  /** This page saw them drop during this call (so a peer_gone ending was theirs). */
  seen: boolean;
}

/** Watches a live call for the other person dropping off (issue 27 §4), ticking the grace down. */
export function usePeerDrop(state: CallState, otherOnline: boolean): PeerDrop {
  const self = useConnectionStatus();
  const dropped = peerDropped(state, { otherOnline, selfConnected: self.state === "connected" });
  const [since, setSince] = useState<number | null>(null);
  const seen = useRef(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setSince((previous) => dropSince(previous, dropped, Date.now()));
    if (!dropped) return;
    seen.current = true;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [dropped]);

  const from = since ?? now;
  return { dropped, secondsLeft: graceSecondsLeft(from, Math.max(now, from)), seen: seen.current || dropped };
}
