import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import type { CallStatusEvent, IncomingCallEvent } from "@kindred/shared/calls";
import { PhoneIncoming, PhoneOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { apiJson } from "@/lib/api";
import { useStatusSocket } from "@/lib/realtime";

interface Ringing {
  event: IncomingCallEvent;
  /** When to stop showing it, on this browser's clock. */
  until: number;
}

/** expiresAt is on the server's clock: what is left of the ring, read against serverNow, on ours. */
function localExpiry(event: IncomingCallEvent, now: number): number {
  const left = (Date.parse(event.expiresAt) || 0) - (Date.parse(event.serverNow) || now);
  return now + Math.min(RING_TIMEOUT_MS, Math.max(0, left));
}

function glyph(from: IncomingCallEvent["from"]): string {
  return from.avatar?.trim() || from.username.trim().charAt(0).toUpperCase() || "?";
}

/**
 * Calls ringing for me, as the online-status socket reports them. A call leaves the list when the
 * server says it is anything but pending (answered in another tab, cancelled, missed) or when its
 * ring runs out.
 */
function useIncomingCalls() {
  const socket = useStatusSocket();
  const [calls, setCalls] = useState<Ringing[]>([]);

  useEffect(() => {
    if (!socket) {
      setCalls([]);
      return;
    }
    const ring = (event: IncomingCallEvent) => {
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

  const drop = (callId: number) => setCalls((list) => list.filter((c) => c.event.callId !== callId));
  return { calls: calls.map((c) => c.event), drop };
}

/**
 * DECISIONS "Calls": every logged-in page learns of an incoming call. Not on a call page, which
 * shows its own ringing state.
 */
export function IncomingCallBanner({ onRing }: { onRing?: () => void }) {
  const { calls, drop } = useIncomingCalls();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const call = calls[calls.length - 1];
  const ringing = call !== undefined;
  // While it rings, fetch what Answer will need, so answering does not wait for a download.
  useEffect(() => {
    if (ringing) onRing?.();
  }, [ringing, onRing]);
  if (!call || pathname.startsWith("/call/")) return null;
  const titleId = `incoming-call-${call.callId}`;

  const answer = () => {
    drop(call.callId);
    navigate(`/call/${call.matchId}?answer=${call.callId}`);
  };
  const decline = () => {
    drop(call.callId);
    // Loaded on demand: this banner sits in every page's entry chunk, which must stay free of zod.
    // Already over (409) or gone: either way there is nothing left to decline.
    void import("../api/update-call")
      .then(({ updateCall }) => updateCall(call.callId, "rejected"))
      .catch(() => {});
  };

  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-from`}
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-center gap-4 rounded-3xl border border-rose-200 bg-white p-4 shadow-xl"
    >
      <div
        aria-hidden
        className="flex size-14 shrink-0 animate-pulse items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-3xl"
      >
        {glyph(call.from)}
      </div>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold text-stone-900">
          Incoming call
        </h2>
        <p id={`${titleId}-from`} className="truncate text-sm text-stone-600">
          {call.from.username}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="gradient" size="sm" className="h-9" onClick={answer}>
          <PhoneIncoming aria-hidden /> Answer
        </Button>
        <Button variant="outline" size="sm" className="h-9" onClick={decline}>
          <PhoneOff aria-hidden /> Decline
        </Button>
      </div>
    </section>
  );
}
