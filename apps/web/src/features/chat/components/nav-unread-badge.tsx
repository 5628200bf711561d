import { cn } from "@/lib/cn";
import { useChatsQuery } from "../api/get-chats";
import { badgeCount, totalUnread } from "../unread";

/** Unread messages across all chats, from GET /api/chats (kept live by useChatSync). */
export function useUnreadTotal(): number {
  return totalUnread(useChatsQuery().data);
}

/** The number on a Chats link, for the eye only: unreadLinkLabel says it to a screen reader. */
export function NavUnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 font-semibold text-[11px] text-white leading-none",
        className,
      )}
    >
      {badgeCount(count)}
    </span>
  );
}

/** The Chats link's name: "Chats, 3 unread" (the badge itself is hidden from screen readers). */
export function unreadLinkLabel(label: string, count: number): string | undefined {
  return count > 0 ? `${label}, ${count} unread` : undefined;
}
