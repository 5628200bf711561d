import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth, userQueryKey } from "@/lib/auth";
import { useStatusSocket } from "@/lib/realtime";
import { chatsQueryKey } from "../api/get-chats";
import { asChatEvent } from "../chat-frames";
import { currentOutbox, forgetOutbox, outboxFor } from "./use-outbox";

/**
 * Chat upkeep for every signed-in page, mounted once (in the app header): the chat list (and so the
 * unread badge) refreshes on each chat push and whenever the status socket connects again, since pushes
 * sent while it was down are lost; and messages still unsent from earlier keep going, at once when the
 * socket or the network comes back.
 */
export function useChatSync(): void {
  const { user } = useAuth();
  const socket = useStatusSocket();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    outboxFor(userId, queryClient);
    return () => {
      // Logging out empties the user cache before this runs; any other unmount keeps the queue.
      if (queryClient.getQueryData(userQueryKey) == null) forgetOutbox();
    };
  }, [userId, queryClient]);

  useEffect(() => {
    const wake = () => currentOutbox()?.wake();
    window.addEventListener("online", wake);
    return () => window.removeEventListener("online", wake);
  }, []);

  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    let wasConnected = socket.current.state === "connected";
    const offState = socket.subscribe(({ state }) => {
      const connected = state === "connected";
      if (connected && !wasConnected) {
        refresh();
        currentOutbox()?.wake();
      }
      wasConnected = connected;
    });
    const offFrames = socket.onFrame((frame) => {
      if (asChatEvent(frame)) refresh();
    });
    return () => {
      offState();
      offFrames();
    };
  }, [socket, queryClient]);
}
