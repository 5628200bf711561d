import { isModerator } from "@kindred/shared/roles";
import { ArrowLeft } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";
import { useMissedCallsSync, useUnseenMissedCount } from "@/features/calls/api/get-missed-calls";
import { NavUnreadBadge, useUnreadTotal } from "@/features/chat/components/nav-unread-badge";
import { useChatSync } from "@/features/chat/hooks/use-chat-sync";
import { useAuth } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { lazyPart } from "@/lib/lazy-part";
import { NAV_ITEMS, tabCount, tabLinkLabel } from "./navigation";

// The menu pulls in Radix's popper; the landing page never shows this header, so load it apart.
const UserMenu = lazyPart("user-menu", () => import("./user-menu").then((m) => m.UserMenu));

const linkClass = (active: boolean) =>
  cn(
    "inline-flex items-center rounded-full px-4 py-2 font-medium text-sm transition-colors",
    active ? "bg-rose-50 text-rose-700" : "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
  );

function AvatarPlaceholder() {
  return <span aria-hidden className="size-10 rounded-full bg-stone-100" />;
}

export function AppHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, isLoading } = useAuth();
  // Mounted once here, on every signed-in page: keeps the chat list (the unread badges) and the
  // missed calls (the Matches badge) live.
  useChatSync();
  useMissedCallsSync();
  const counts = { unread: useUnreadTotal(), missed: useUnseenMissedCount() };

  return (
    <header className="sticky top-0 z-40 border-stone-200 border-b bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <Button variant="ghost" size="icon" aria-label="Go back" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden />
        </Button>
        <Link
          to="/home"
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
        >
          <BrandLogo />
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map(({ label, to, matches }) => {
            const active = matches(pathname);
            const count = tabCount(label, counts);
            return (
              <span key={label} className="relative">
                <Link
                  to={to}
                  aria-current={active ? "page" : undefined}
                  aria-label={tabLinkLabel(label, counts)}
                  className={cn(linkClass(active), count > 0 && "pr-10")}
                >
                  {label}
                </Link>
                {/* Beside the link, inside its pill: the link's label says the count. */}
                <NavUnreadBadge
                  count={count}
                  className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2"
                />
              </span>
            );
          })}
          {/* Staff only; on a phone the user menu has it. */}
          {isModerator(user?.role) ? (
            <Link
              to="/moderation"
              aria-current={pathname === "/moderation" ? "page" : undefined}
              className={linkClass(pathname === "/moderation")}
            >
              Moderation
            </Link>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center">
          {user ? (
            <Suspense fallback={<AvatarPlaceholder />}>
              <UserMenu user={user} />
            </Suspense>
          ) : isLoading ? (
            <AvatarPlaceholder />
          ) : (
            <Button asChild variant="gradient" size="sm">
              <Link to="/auth?tab=login">Sign In</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
