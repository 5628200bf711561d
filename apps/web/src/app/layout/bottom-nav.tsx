import { Link, useLocation } from "react-router";
import { useUnseenMissedCount } from "@/features/calls/api/get-missed-calls";
import { NavUnreadBadge, useUnreadTotal } from "@/features/chat/components/nav-unread-badge";
import { cn } from "@/lib/cn";
import { NAV_ITEMS, type NavLabel, tabCount, tabLinkLabel } from "./navigation";

/** Mobile-only tab bar. `active` names a tab explicitly; otherwise the path decides. */
export function BottomNav({ active }: { active?: NavLabel }) {
  const { pathname } = useLocation();
  const counts = { unread: useUnreadTotal(), missed: useUnseenMissedCount() };
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-stone-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {NAV_ITEMS.map(({ label, to, icon: Icon, matches }) => {
          const isActive = active ? active === label : matches(pathname);
          return (
            <li key={label} className="relative">
              <Link
                to={to}
                aria-current={isActive ? "page" : undefined}
                aria-label={tabLinkLabel(label, counts)}
                className={cn(
                  "flex h-16 flex-col items-center justify-center gap-1 font-medium text-xs transition-colors",
                  isActive ? "text-rose-700" : "text-stone-500 hover:text-stone-900",
                )}
              >
                <Icon className={cn("size-5", isActive && "fill-rose-100")} aria-hidden />
                {label}
              </Link>
              {/* Beside the link, over its icon: the link's label says the count. */}
              <NavUnreadBadge
                count={tabCount(label, counts)}
                className="pointer-events-none absolute top-2 left-1/2 ml-0.5"
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
