import { lazy, Suspense } from "react";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { usePushResync } from "@/features/notifications/hooks/use-push-resync";
import { useAuth } from "@/lib/auth";
import { RealtimeProvider } from "@/lib/realtime";
import { useHydrated } from "@/lib/use-hydrated";
import { Chrome } from "./chrome";

// The call manager, banner and bar load apart from the page: a visitor's page never loads them.
const CallRoot = lazy(() =>
  import("@/features/calls/components/call-root").then((m) => ({ default: m.CallRoot })),
);

/** Calls ring, and a live call shows, for a signed-in person only, in the browser (not the server's render). */
function Calls() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  if (!user || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CallRoot />
    </Suspense>
  );
}

/** A signed-in person's push subscription, posted again at each app start (it may have rotated). */
function PushResync({ userId }: { userId: number }) {
  usePushResync(userId);
  return null;
}

function SignedInPush() {
  const { user } = useAuth();
  return user ? <PushResync userId={user.id} /> : null;
}

// A moderation decision to acknowledge: rare, so its code loads only when there is one.
const ModerationNotice = lazy(() =>
  import("@/features/moderation/components/moderation-notice").then((m) => ({ default: m.ModerationNotice })),
);

function Notice() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  if (!user?.moderationNotice || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ModerationNotice />
    </Suspense>
  );
}

/** The chrome, as a visitor or a member sees it. */
function ChromeFor() {
  const { user, isLoading } = useAuth();
  return <Chrome visitor={!user && !isLoading} />;
}

/** The root route: auth (which needs the router), the online-status socket, and the chrome around every page. */
export function RootLayout() {
  return (
    <AuthProvider>
      <RealtimeProvider>
        <ChromeFor />
        <Calls />
        <SignedInPush />
        <Notice />
      </RealtimeProvider>
    </AuthProvider>
  );
}
