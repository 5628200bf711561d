import type { ChatSummary } from "@kindred/shared/chat";

// Kept apart from the chat screens: the nav badge uses these on every page, in the entry chunk.

/** Unread messages across every chat, for the Chats tab. */
export function totalUnread(chats: readonly ChatSummary[] | null | undefined): number {
  return (chats ?? []).reduce((sum, c) => sum + Math.max(0, c.unreadCount), 0);
}

/** A badge's number: "99+" beyond two digits, so it never outgrows the tab. */
export function badgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The chats of the 'Unread' tab: those with something unread, in the list's own order. */
export function unreadChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return chats.filter((c) => c.unreadCount > 0);
}

/** After reading a conversation here: its row shows nothing unread until the server's list says more. */
export function withChatRead(
  chats: readonly ChatSummary[] | undefined,
  matchId: number,
): ChatSummary[] | undefined {
  return chats?.map((c) => (c.match.id === matchId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c));
}
