import { Link, useLocation } from "react-router";
import { NavUnreadBadge, unreadLinkLabel, useUnreadTotal } from "@/features/chat/components/nav-unread-badge";
import { cn } from "@/lib/cn";
import { NAV_ITEMS, type NavLabel } from "./navigation";

/** Mobile-only tab bar. `active` names a tab explicitly; otherwise the path decides. */
export function BottomNav({ active }: { active?: NavLabel }) {
  const { pathname } = useLocation();
  const unread = useUnreadTotal();
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-stone-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {NAV_ITEMS.map(({ label, to, icon: Icon, matches }) => {
          const isActive = active ? active === label : matches(pathname);
          return (
            <li key={label}>
              <Link
                to={to}
                aria-current={isActive ? "page" : undefined}
                aria-label={label === "Chats" ? unreadLinkLabel(label, unread) : undefined}
                className={cn(
                  "flex h-16 flex-col items-center justify-center gap-1 font-medium text-xs transition-colors",
                  isActive ? "text-rose-700" : "text-stone-500 hover:text-stone-900",
                )}
              >
                <span className="relative">
                  <Icon className={cn("size-5", isActive && "fill-rose-100")} aria-hidden />
                  {label === "Chats" ? (
                    <NavUnreadBadge count={unread} className="absolute -top-2 left-3" />
                  ) : null}
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
