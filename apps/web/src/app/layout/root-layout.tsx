import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { pageNameFor, trackPageView } from "@/lib/analytics";
import { useAuth } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { RealtimeProvider } from "@/lib/realtime";
import { isWithinPage } from "@/lib/within-page";
import { ErrorBoundary } from "../error-boundary";
import { LandingHeader } from "./landing-header";
import { isLanding, showBottomNav, showFooter, showHeader } from "./navigation";
import { SiteFooter } from "./site-footer";

// The signed-in chrome loads apart: the pages a visitor sees first (landing, sign-in) never show it.
const AppHeader = lazy(() => import("./app-header").then((m) => ({ default: m.AppHeader })));
const BottomNav = lazy(() => import("./bottom-nav").then((m) => ({ default: m.BottomNav })));
const IncomingCallBanner = lazy(() =>
  import("@/features/calls/components/incoming-call-banner").then((m) => ({
    default: m.IncomingCallBanner,
  })),
);

/** A new page starts at its top; back and forward keep the browser's own restoration. */
function useScrollToTopOnNavigate(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP" && pathname) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** SPEC §7 page views: one per navigation to a named page (a wizard's step on the same page is none). */
function usePageViews() {
  const { pathname, search, key, state } = useLocation();
  const previous = useRef<{ page: string; within: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per navigation (location.key), not per render
  useEffect(() => {
    const page = `${pathname}${search}`;
    const within = isWithinPage(state);
    const samePage = previous.current?.page === page && (within || previous.current.within);
    previous.current = { page, within };
    if (samePage) return;
    const name = pageNameFor(pathname, search);
    if (name) trackPageView(name);
  }, [key]);
}

function Chrome() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);
  usePageViews();
  const bottomNav = showBottomNav(pathname);
  return (
    <div className={cn("flex min-h-dvh flex-col", bottomNav && "pb-16 md:pb-0")}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {isLanding(pathname) ? <LandingHeader /> : null}
      {showHeader(pathname) ? (
        // The header's height is held while it loads, so the page below does not move.
        <Suspense fallback={<div className="h-16 border-stone-200 border-b bg-white/85" />}>
          <AppHeader />
        </Suspense>
      ) : null}
      {/* The footer waits with the page: were it shown beside the spinner, it would paint at the top
          and jump down when the page arrives (a layout shift). The fallback fills the screen instead. */}
      <Suspense
        fallback={
          <main id="main" className="flex flex-1 flex-col">
            <FullPageSpinner />
          </main>
        }
      >
        <main id="main" className="flex flex-1 flex-col">
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
        {showFooter(pathname) ? <SiteFooter /> : null}
      </Suspense>
      {bottomNav ? (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      ) : null}
    </div>
  );
}

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
