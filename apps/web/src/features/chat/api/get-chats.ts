import type { ChatSummary } from "@kindred/shared/chat";
import { TIMERS } from "@kindred/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth";
import { useConnectionStatus } from "@/lib/realtime";

/** GET /api/chats: unlocked matches with their last message and unread count, newest activity first. */
export const chatsQueryKey = ["/api/chats"] as const;

/**
 * The list behind the Chats screen and the nav's unread badge. Pushes keep it fresh while the status
 * socket is up (useChatSync); while it is down the list is polled every 5 s (SPEC §9) instead.
 */
export function useChatsQuery() {
  const { user } = useAuth();
  const { state } = useConnectionStatus();
  return useQuery<ChatSummary[], Error>({
    queryKey: chatsQueryKey,
    enabled: user !== null,
    refetchInterval: state === "connected" ? false : TIMERS.pollMs,
  });
}
