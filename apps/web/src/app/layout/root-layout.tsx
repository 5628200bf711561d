import { lazy, Suspense } from "react";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { useAuth } from "@/lib/auth";
import { RealtimeProvider } from "@/lib/realtime";
import { Chrome } from "./chrome";

const IncomingCallBanner = lazy(() =>
  import("@/features/calls/components/incoming-call-banner").then((m) => ({
    default: m.IncomingCallBanner,
  })),
);

/** Answering a call opens the call page: its code is fetched while the banner rings. */
const preloadCallPage = () => void import("../routes/call");

/** Calls ring for a signed-in person only: a visitor's page does not load the banner. */
function CallBanner() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <IncomingCallBanner onRing={preloadCallPage} />
    </Suspense>
  );
}

/** The root route: auth (which needs the router), the online-status socket, and the chrome around every page. */
export function RootLayout() {
  return (
    <AuthProvider>
      <RealtimeProvider>
        <Chrome />
        <CallBanner />
      </RealtimeProvider>
    </AuthProvider>
  );
}
