import type { ChatSummary } from "@kindred/shared/chat";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { chatsQueryKey } from "../api/get-chats";
import { markRead } from "../api/mark-read";
import { readTarget, type Thread } from "../thread";
import { withChatRead } from "../unread";
import { usePageVisible } from "./use-page-visible";

/**
 * Marks the conversation read when it is opened, and again as the other person's messages arrive,
 * while the page is visible. One request at a time; a failure waits for the next message or for the
 * page to be shown again rather than retrying in a loop.
 */
export function useMarkRead(matchId: number, myId: number, thread: Thread | undefined): void {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const marked = useRef(0);
  const busy = useRef(false);
  // Bumped when a request ends, so messages that arrived meanwhile are marked too.
  const [settled, setSettled] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` only re-runs the check
  useEffect(() => {
    if (!thread || !visible || busy.current) return;
    const target = readTarget(thread, myId, marked.current);
    if (target === null) return;
    busy.current = true;
    markRead(matchId, target)
      .then(({ readUpTo }) => {
        marked.current = Math.max(marked.current, target, readUpTo);
        queryClient.setQueryData<ChatSummary[]>(chatsQueryKey, (chats) => withChatRead(chats, matchId));
        busy.current = false;
        setSettled((n) => n + 1);
      })
      .catch(() => {
        busy.current = false;
      });
  }, [thread, visible, myId, matchId, queryClient, settled]);
}
