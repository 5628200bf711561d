import { MATCH_UPDATED } from "@kindred/shared/match-events";
import type { Match, MatchUpdatedFrame } from "@kindred/shared/matches";
import type { PresenceFrame } from "@kindred/shared/presence";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { toast } from "@/components/ui/use-toast";
import { env } from "../config/env";
import { useAuth, userQueryKey } from "./auth";
import { matchesQueryKey } from "./matches";
import { socketUrl } from "./socket-url";
import { type StatusSnapshot, StatusSocket } from "./status-socket";

const IDLE: StatusSnapshot = { state: "disconnected", rttMs: null, reconnects: 0, retryAt: null };

const RealtimeContext = createContext<StatusSocket | null>(null);

async function checkSession(): Promise<"ok" | "signed-out" | "unreachable"> {
  try {
    const res = await fetch(`${env.apiBaseUrl}/api/user`, { method: "HEAD", credentials: "include" });
    if (res.status === 401) return "signed-out";
    return res.ok ? "ok" : "unreachable";
  } catch {
    return "unreachable";
  }
}

/** Lights or puts out one person's dot in every cached match (the list and single matches). */
function applyPresence(queryClient: QueryClient, { userId, online }: PresenceFrame) {
  // Other data cached under /api/matches/… (messages, notes) is left alone: only matches have otherUser.
  const isMatch = (x: unknown): x is Match => typeof x === "object" && x !== null && "otherUser" in x;
  const patch = (m: Match): Match =>
    m.otherUser.id === userId ? { ...m, otherUser: { ...m.otherUser, online } } : m;
  queryClient.setQueriesData<unknown>({ queryKey: matchesQueryKey }, (data: unknown) => {
    if (Array.isArray(data)) return data.map((x) => (isMatch(x) ? patch(x) : x));
    return isMatch(data) ? patch(data) : data;
  });
}

/**
 * Every logged-in page holds one online-status socket (SPEC §4). It starts with the session and stops
 * at logout; presence changes update cached matches, and a reconnect re-fetches them, since presence
 * may have changed while the socket was down.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<StatusSocket | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    const s = new StatusSocket({
      url: () => socketUrl("/ws"),
      userId,
      checkSession,
      onSignedOut: () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
    });
    let wasConnected = false;
    const offState = s.subscribe((snap) => {
      if (snap.state === "connected" && !wasConnected && snap.reconnects > 0) {
        void queryClient.invalidateQueries({ queryKey: matchesQueryKey });
      }
      wasConnected = snap.state === "connected";
    });
    const offFrames = s.onFrame((frame) => {
      if (frame.type === "presence") applyPresence(queryClient, frame);
      // A match changed (its schedule, it ended, or it is new): fetch matches again.
      else if ((frame as { type: string }).type === MATCH_UPDATED) {
        void queryClient.invalidateQueries({ queryKey: matchesQueryKey });
        const { newMatchWith } = frame as unknown as Partial<MatchUpdatedFrame>;
        if (typeof newMatchWith === "string") toast({ title: `New match: ${newMatchWith}` });
      }
    });
    const onVisible = () => {
      if (document.visibilityState === "visible") s.wake();
    };
    const onOnline = () => s.wake();
    // Leaving the page (closed, navigated away, or frozen into the back-forward cache) says 'offline';
    // coming back from that cache connects again.
    const onHide = () => s.stop();
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) s.start();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onOnline);
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", onShow);
    s.start();
    // A transition: on a page the server rendered, parts still being hydrated wait for their code
    // instead of being replaced by their fallbacks to show the new socket at once.
    startTransition(() => setSocket(s));
    return () => {
      offState();
      offFrames();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
      s.stop();
      setSocket(null);
    };
  }, [userId, queryClient]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}

/** The online-status socket of this page, or null when signed out. */
export function useStatusSocket(): StatusSocket | null {
  return useContext(RealtimeContext);
}

/** The socket's live state (SPEC §4 "Connection state"), its round trip and reconnect count. */
export function useConnectionStatus(): StatusSnapshot {
  const socket = useStatusSocket();
  const subscribe = useCallback((notify: () => void) => socket?.subscribe(notify) ?? (() => {}), [socket]);
  return useSyncExternalStore(
    subscribe,
    () => socket?.current ?? IDLE,
    () => IDLE,
  );
}
