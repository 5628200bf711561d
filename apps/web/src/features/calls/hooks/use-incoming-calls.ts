import type { CallStatusEvent, IncomingCallEvent } from "@kindred/shared/calls";
import { useCallback, useEffect, useState } from "react";
import { apiJson } from "@/lib/api";
import { useStatusSocket } from "@/lib/realtime";
import { callManager } from "../call-manager";
import { localExpiry } from "../ring-tones";

export interface Ringing {
  event: IncomingCallEvent;
  /** When to stop showing it, on this browser's clock. */
  until: number;
}

/**
 * Calls ringing for me, as the online-status socket reports them. A call leaves the list when the
 * server says it is anything but pending (answered in another tab, cancelled, missed) or when its
 * ring runs out.
 */
export function useIncomingCalls(): { calls: Ringing[]; drop: (callId: number) => void } {
  const socket = useStatusSocket();
  const [calls, setCalls] = useState<Ringing[]>([]);

  useEffect(() => {
    if (!socket) {
      setCalls([]);
      return;
    }
    const ring = (event: IncomingCallEvent) => {
      // Its session starts now: the room is negotiated (with no audio) while it rings.
      callManager.prepare(event.matchId);
      const ringing = { event, until: localExpiry(event, Date.now()) };
      setCalls((list) => [...list.filter((c) => c.event.callId !== event.callId), ringing]);
    };
    // Pushed is a fast path only: a page opened, or a socket back, while a call rings fetches it too.
    let wasConnected = false;
    const onState = (state: string) => {
      if (state === "connected" && !wasConnected) {
        apiJson<IncomingCallEvent[]>("GET", "/api/calls/incoming")
          .then((list) => list.forEach(ring))
          .catch(() => {});
      }
      wasConnected = state === "connected";
    };
    onState(socket.current.state);
    const offState = socket.subscribe(({ state }) => onState(state));
    const offFrames = socket.onFrame((frame) => {
      const f = frame as unknown as { type: string };
      if (f.type === "call:incoming") {
        ring(f as IncomingCallEvent);
      } else if (f.type === "call:status") {
        const status = f as CallStatusEvent;
        if (status.status !== "pending") {
          setCalls((list) => list.filter((c) => c.event.callId !== status.callId));
        }
      }
    });
    return () => {
      offState();
      offFrames();
    };
  }, [socket]);

  // Each ring ends at its expiresAt even if the news of it is lost.
  useEffect(() => {
    if (calls.length === 0) return;
    const next = Math.min(...calls.map((c) => c.until));
    const timer = setTimeout(
      () => setCalls((list) => list.filter((c) => c.until > Date.now())),
      Math.max(0, next - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [calls]);

  const drop = useCallback(
    (callId: number) => setCalls((list) => list.filter((c) => c.event.callId !== callId)),
    [],
  );
  return { calls, drop };
}
