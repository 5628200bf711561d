import type { MissedCall, MissedCalls } from "@kindred/shared/call-journey";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiJson } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useStatusSocket } from "@/lib/realtime";

// Types only from the shared schema: the nav badge reads this on every page, and zod stays out of
// the entry chunk.

/** GET /api/calls/missed: per match its latest call when I missed or declined it, and how many are unseen. */
export const missedCallsKey = ["/api/calls/missed"] as const;

export function useMissedCallsQuery() {
  const { user } = useAuth();
  return useQuery<MissedCalls, Error>({
    queryKey: missedCallsKey,
    queryFn: () => apiJson<MissedCalls>("GET", "/api/calls/missed"),
    enabled: user !== null,
  });
}

/** The match's missed call, if its latest call is one I missed. */
export function useMissedCallOf(matchId: number): MissedCall | null {
  return useMissedCallsQuery().data?.calls.find((c) => c.matchId === matchId) ?? null;
}

/** The Matches tab's badge: missed calls not yet seen. */
export function useUnseenMissedCount(): number {
  return useMissedCallsQuery().data?.unseen ?? 0;
}

/**
 * Mounted once (in the app header): any call news (a call ringing, answered or ended, for either
 * person) may add or supersede a missed call, so the list is re-read; also when the status socket
 * connects again, since pushes sent while it was down are lost.
 */
export function useMissedCallsSync(): void {
  const socket = useStatusSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: missedCallsKey });
    let wasConnected = socket.current.state === "connected";
    const offState = socket.subscribe(({ state }) => {
      const connected = state === "connected";
      if (connected && !wasConnected) refresh();
      wasConnected = connected;
    });
    const offFrames = socket.onFrame((frame) => {
      const { type, status } = frame as { type?: unknown; status?: unknown };
      if (type === "call:status" && status !== "active") refresh();
    });
    return () => {
      offState();
      offFrames();
    };
  }, [socket, queryClient]);
}
