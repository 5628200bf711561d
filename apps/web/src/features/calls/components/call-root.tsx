import { useEffect, useSyncExternalStore } from "react";
import { useAuth } from "@/lib/auth";
import { useStatusSocket } from "@/lib/realtime";
import { callManager } from "../call-manager";
import { useSessionSnapshot } from "../hooks/use-call";
import { useIncomingCalls } from "../hooks/use-incoming-calls";
import { toneFor } from "../ring-tones";
import { CallBar } from "./call-bar";
import { CallTones } from "./call-tones";
import { IncomingCallBanner } from "./incoming-call-banner";

/** Answering a call opens the call page: its code is fetched while the banner rings. */
const preloadCallPage = () => void import("@/app/routes/call");

/**
 * The calls of a signed-in page, above the routes: the call manager listens on the page's status
 * socket, the banner rings (with the ringtone), the caller hears the ring-back on any page while
 * their call rings out, and the bar shows a live call wherever the person goes.
 */
export function CallRoot() {
  const { user } = useAuth();
  const socket = useStatusSocket();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null || !socket) return;
    return callManager.attach(userId, socket);
  }, [userId, socket]);

  const { calls, drop } = useIncomingCalls();
  useSyncExternalStore(callManager.subscribe, callManager.getVersion, callManager.getVersion);
  const live = callManager.live();
  const outgoing = useSessionSnapshot(live?.session ?? null).state;
  const tone = toneFor(calls.length > 0, live ? outgoing : null);

  return (
    <>
      <CallBar />
      <IncomingCallBanner ringing={calls[calls.length - 1]} drop={drop} onRing={preloadCallPage} />
      <CallTones tone={tone} />
    </>
  );
}
