import type { Message } from "@kindred/shared/chat";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useAuth } from "@/lib/auth";
import { chatsQueryKey } from "../api/get-chats";
import { sendMessage } from "../api/send-message";
import { Outbox } from "../outbox";
import type { OutgoingMessage } from "../outgoing-message";
import { mergeThread, type Thread, threadKey } from "../thread";

// One outbox per signed-in person for the page's life: sends carry on while they move between pages.
let current: { userId: number; outbox: Outbox } | null = null;

const storageKey = (userId: number) => `kindred:outbox:${userId}`;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A delivered message joins its thread (if that conversation is cached) and the chat list refreshes. */
function deliver(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<Thread>(threadKey(message.matchId), (thread) =>
    thread ? mergeThread(thread, [message]) : thread,
  );
  void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
}

export function outboxFor(userId: number, queryClient: QueryClient): Outbox {
  if (current?.userId === userId) return current.outbox;
  current?.outbox.dispose();
  const outbox = new Outbox({
    send: sendMessage,
    onDelivered: (message) => deliver(queryClient, message),
    // Session storage: a reload keeps unsent messages; closing the tab does not leave them behind.
    storage: sessionStore(),
    storageKey: storageKey(userId),
  });
  current = { userId, outbox };
  outbox.resume();
  return outbox;
}

/** The outbox in use, if any, without creating one. */
export function currentOutbox(): Outbox | null {
  return current?.outbox ?? null;
}

/** At logout: unsent messages of the person who left are dropped, here and in storage. */
export function forgetOutbox(): void {
  if (!current) return;
  current.outbox.dispose();
  sessionStore()?.removeItem(storageKey(current.userId));
  current = null;
}

const NOTHING: readonly OutgoingMessage[] = [];

/** The signed-in person's outbox and, live, their unsent messages to one match. */
export function useOutbox(matchId: number): { outbox: Outbox | null; outgoing: readonly OutgoingMessage[] } {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const outbox = user ? outboxFor(user.id, queryClient) : null;
  const subscribe = useCallback((notify: () => void) => outbox?.subscribe(notify) ?? (() => {}), [outbox]);
  // Nothing unsent in the server's render of the page, nor in the first render that hydrates it.
  const outgoing = useSyncExternalStore(
    subscribe,
    () => outbox?.forMatch(matchId) ?? NOTHING,
    () => NOTHING,
  );
  return { outbox, outgoing };
}
