import type { SelfUser } from "@kindred/shared/user";
import { type KeyboardEvent, useRef } from "react";
import { cn } from "@/lib/cn";
import { GoogleSignIn } from "./google-button";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

const TABS: readonly { id: AuthTab; label: string }[] = [
  { id: "login", label: "Sign In" },
  { id: "register", label: "Create Account" },
];

/**
 * The two tabs (the WAI-ARIA tabs pattern: arrows move between them and select) and their forms, and
 * Google sign-in. Written out rather than Radix's Tabs: the sign-in page loads without the whole app.
 */
export function AuthCard({
  tab,
  onSelectTab,
  onSignedIn,
  google,
}: {
  tab: AuthTab;
  onSelectTab: (tab: AuthTab) => void;
  onSignedIn: (user: SelfUser) => void;
  google: boolean;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -at, End: TABS.length - 1 - at }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = TABS[(at + step + TABS.length) % TABS.length];
    if (!next) return;
    onSelectTab(next.id);
    list.current?.querySelector<HTMLElement>(`#auth-tab-${next.id}`)?.focus();
  };

  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="grid h-11 w-full grid-cols-2 items-center rounded-full bg-stone-100 p-1 text-stone-600"
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`auth-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={tab === id ? `auth-panel-${id}` : undefined}
            tabIndex={tab === id ? 0 : -1}
            data-state={tab === id ? "active" : "inactive"}
            onClick={() => onSelectTab(id)}
            className={cn(
              "inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-full px-4 py-2 font-medium text-sm transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400",
              tab === id && "bg-white text-stone-900 shadow-sm",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`auth-panel-${tab}`} role="tabpanel" aria-labelledby={`auth-tab-${tab}`} className="mt-6">
        {tab === "login" ? <LoginForm onSignedIn={onSignedIn} /> : <RegisterForm onSignedIn={onSignedIn} />}
      </div>
      {google ? <GoogleSignIn /> : null}
    </>
  );
}
