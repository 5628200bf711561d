import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { pageNameFor, trackPageView } from "@/lib/analytics";
import { cn } from "@/lib/cn";
import { lazyPart } from "@/lib/lazy-part";
import { isWithinPage } from "@/lib/within-page";
import { ErrorBoundary } from "../error-boundary";
import { MarkInteractive } from "../mark-interactive";
import { useFocusHeadingOnNavigate } from "./focus-on-navigate";
import { LandingHeader } from "./landing-header";
import { isLanding, showBottomNav, showFooter, showHeader } from "./navigation";
import { SiteFooter } from "./site-footer";

// The signed-in chrome loads apart: the pages a visitor sees first (landing, sign-in) never show it.
const AppHeader = lazyPart("app-header", () => import("./app-header").then((m) => m.AppHeader));
const BottomNav = lazyPart("bottom-nav", () => import("./bottom-nav").then((m) => m.BottomNav));

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

/**
 * What surrounds every page: the skip link, the header the path calls for, the page, the footer and
 * the bottom navigation. It needs no signed-in state of its own, so a visitor's first pages
 * (visitor-page.tsx) render it without the rest of the app. A `visitor` (known to have no session) gets
 * the landing page's header on every page they may see (a 404, the public test pages) and no tab bar.
 */
export function Chrome({ visitor = false }: { visitor?: boolean }) {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);
  usePageViews();
  useFocusHeadingOnNavigate();
  const bottomNav = !visitor && showBottomNav(pathname);
  const landingHeader = isLanding(pathname) || (visitor && showHeader(pathname));
  return (
    <div className={cn("flex min-h-dvh flex-col", bottomNav && "pb-16 md:pb-0")}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {landingHeader ? <LandingHeader /> : null}
      {!landingHeader && showHeader(pathname) ? (
        // The header's height is held while it loads, so the page below does not move.
        <Suspense fallback={<div className="h-16 border-stone-200 border-b bg-white/85" />}>
          <AppHeader />
        </Suspense>
      ) : null}
      {/* The footer waits with the page: were it shown beside the spinner, it would paint at the top
          and jump down when the page arrives (a layout shift). The fallback fills the screen instead.
          Past the landing page the page is at least a screen tall (less the header), so the footer
          starts below the fold and stays there while the page's own data arrives. */}
      <Suspense
        fallback={
          <main id="main" className="flex flex-1 flex-col">
            <FullPageSpinner />
          </main>
        }
      >
        <MarkInteractive />
        <main
          id="main"
          className={cn("flex flex-1 flex-col", !isLanding(pathname) && "min-h-[calc(100dvh-4rem)]")}
        >
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
