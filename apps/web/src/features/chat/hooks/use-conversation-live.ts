import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useStatusSocket } from "@/lib/realtime";
import { asChatEvent } from "../chat-frames";
import type { Outbox } from "../outbox";
import { leavesGap, mergeThread, type Thread, threadKey } from "../thread";

/**
 * The open conversation's fast path: a pushed message joins the thread at once (and a push that skips
 * past messages this tab lacks fetches the hole now rather than at the next poll); the other person's
 * read position moves "Seen"; a reconnected socket fetches what its downtime missed and resends what
 * is waiting.
 */
export function useConversationLive(matchId: number, otherUserId: number, outbox: Outbox | null): void {
  const socket = useStatusSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const key = threadKey(matchId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
    let wasConnected = socket.current.state === "connected";
    const offState = socket.subscribe(({ state }) => {
      const connected = state === "connected";
      if (connected && !wasConnected) {
        refetch();
        outbox?.wake();
      }
      wasConnected = connected;
    });
    const offFrames = socket.onFrame((frame) => {
      const event = asChatEvent(frame);
      if (event?.type === "chat:message" && event.message.matchId === matchId) {
        const before = queryClient.getQueryData<Thread>(key);
        // Before the first page lands there is nothing to add to: that page will include it.
        if (!before) return;
        queryClient.setQueryData<Thread>(key, mergeThread(before, [event.message]));
        outbox?.settle([event.message]);
        if (leavesGap(before, event.message)) refetch();
      } else if (event?.type === "chat:read" && event.matchId === matchId && event.userId === otherUserId) {
        queryClient.setQueryData<Thread>(key, (thread) =>
          thread ? mergeThread(thread, [], { otherReadUpTo: event.upToSeq }) : thread,
        );
      }
    });
    return () => {
      offState();
      offFrames();
    };
  }, [socket, queryClient, matchId, otherUserId, outbox]);
}
