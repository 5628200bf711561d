import { PRODUCT_NAME } from "@kindred/shared/constants";
import type { SelfUser } from "@kindred/shared/user";
import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { useAuthProviders } from "@/features/auth/api/get-providers";
import { AuthCard, type AuthTab } from "@/features/auth/components/auth-card";
import { AuthSidePanel } from "@/features/auth/components/auth-side-panel";
import { returnPathFrom } from "../return-to";

/**
 * /auth: the two forms. It needs nothing of the whole app, so a visitor gets it pre-rendered with an
 * entry of its own (visitor-auth.tsx); `onSignedIn` is what comes next there or in the whole app.
 */
export function AuthPage({ onSignedIn }: { onSignedIn: (user: SelfUser) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The page that sent the person here (RequireAuth's state) must survive a change of tab.
  const { state } = useLocation();
  const tab: AuthTab = searchParams.get("tab") === "register" ? "register" : "login";
  // The server sends people back here with ?error=... (e.g. when Google sign-in is not configured).
  const error = searchParams.get("error");
  const { google } = useAuthProviders();

  const selectTab = (next: AuthTab) => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("tab", next);
        params.delete("error");
        return params;
      },
      { replace: true, state },
    );
  };

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
            <BrandLogo large />
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
            <AuthCard tab={tab} onSelectTab={selectTab} onSignedIn={onSignedIn} google={google} />
          </div>
        </div>
      </div>
      <AuthSidePanel />
    </div>
  );
}

/**
 * /auth as a visitor opens it, with the toasts its failures show: once signed in, the whole app takes
 * the page they came for (and shows the welcome toast).
 */
export function VisitorAuthPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  return (
    <>
      <AuthPage onSignedIn={() => navigate(returnPathFrom(state), { replace: true })} />
      <LazyToaster />
    </>
  );
}
