import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { Spinner } from "@/components/ui/spinner";
import { getAuthProviders } from "@/features/auth/api/get-providers";
import type { AuthTab } from "@/features/auth/components/auth-card";
import { AuthSidePanel } from "@/features/auth/components/auth-side-panel";

// The page around the card comes with the entry chunk, so its heading paints as soon as the app starts
// (the largest contentful paint); the card, with zod and the form code, follows in a chunk of its own.
const AuthCard = lazy(() =>
  import("@/features/auth/components/auth-card").then((m) => ({ default: m.AuthCard })),
);

/**
 * True from just after the page's first paint. The card's code is asked for then, not during the first
 * render: its 40-odd KB would otherwise share the network with what that paint needs, and Lighthouse's
 * simulation counts every request started before a paint as a dependency of it.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from the next frame's callback runs once that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

// The card's content height per tab (the same from 390 px wide up), with and without Google's button:
// held while the card loads and kept as a minimum after, so nothing around it moves when it arrives
// (the page is centred vertically), and the card fits what it shows.
const CARD_HEIGHT: Record<AuthTab, { plain: string; google: string }> = {
  login: { plain: "min-h-[316px]", google: "min-h-[420px]" },
  register: { plain: "min-h-[452px]", google: "min-h-[556px]" },
};

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The page that sent the person here (RequireAuth's state) must survive a change of tab.
  const { state } = useLocation();
  const tab: AuthTab = searchParams.get("tab") === "register" ? "register" : "login";
  // The server sends people back here with ?error=... (e.g. when Google sign-in is not configured).
  const error = searchParams.get("error");

  const selectTab = (next: string) => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("tab", next === "register" ? "register" : "login");
        params.delete("error");
        return params;
      },
      { replace: true, state },
    );
  };

  const painted = useAfterFirstPaint();
  // Asked for with the card's code (after the first paint); until it answers, no Google button is held.
  const providers = useQuery({
    queryKey: ["/api/auth/providers"],
    queryFn: getAuthProviders,
    enabled: painted,
  });
  const cardHeight = CARD_HEIGHT[tab][providers.data?.google ? "google" : "plain"];
  const cardPlaceholder = (
    <div className={`flex items-center justify-center ${cardHeight}`}>
      <Spinner />
    </div>
  );

  return (
    <div className="grid flex-1 lg:grid-cols-2">
      <title>{`${tab === "register" ? "Create Account" : "Sign In"} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col px-4 py-6 sm:px-8">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-2 rounded-full px-2 py-1 font-medium text-sm text-stone-600 transition-colors hover:text-rose-700"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to homepage
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <div className="mb-8 text-center">
            <BrandLogo className="text-2xl" />
            <h1 className="mt-4 font-bold text-2xl text-stone-900 tracking-tight">
              {tab === "register" ? `Join ${PRODUCT_NAME}` : "Welcome back"}
            </h1>
            <p className="mt-1 text-stone-600">Find meaningful connections through conversation</p>
          </div>
          {error ? (
            <div
              role="alert"
              className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
            >
              {error}
            </div>
          ) : null}
          <div className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <div className={cardHeight}>
              {painted ? (
                <Suspense fallback={cardPlaceholder}>
                  <AuthCard tab={tab} onSelectTab={selectTab} />
                </Suspense>
              ) : (
                cardPlaceholder
              )}
            </div>
          </div>
        </div>
      </div>
      <AuthSidePanel />
    </div>
  );
}
