import type { Message, MessagePage } from "@kindred/shared/chat";
import type { OutgoingMessage } from "./outgoing-message";

/**
 * The messages of one conversation the server has confirmed, in its order; how far the other has read;
 * and `fetchedUpTo`, the seq through which HTTP pages have been read without a hole. Pushes and send
 * answers may add messages beyond it, but only pages move it: so the next fetch, from there, picks up
 * anything a push skipped, and never jumps over it.
 */
export interface Thread {
  messages: readonly Message[];
  otherReadUpTo: number;
  fetchedUpTo: number;
}

/**
 * The cache key of a thread. Not under "/api/matches": this cache is a merged thread, not one answer,
 * and must not be refetched whole by the default loader when match queries are invalidated.
 */
export const threadKey = (matchId: number) => ["chat-thread", matchId] as const;

export const EMPTY_THREAD: Thread = { messages: [], otherReadUpTo: 0, fetchedUpTo: 0 };

/**
 * Adds messages from any source (a page, a push, a send's answer) to a thread. Idempotent and order-free:
 * the same message twice, or pages and pushes in any order, end in the same thread, keyed by id and
 * ordered by the server's seq, never by anyone's clock. Read and fetch positions only move forward.
 */
export function mergeThread(
  thread: Thread | undefined,
  incoming: readonly Message[],
  positions: { otherReadUpTo?: number; fetchedUpTo?: number } = {},
): Thread {
  const base = thread ?? EMPTY_THREAD;
  const otherReadUpTo = Math.max(base.otherReadUpTo, positions.otherReadUpTo ?? 0);
  const fetchedUpTo = Math.max(base.fetchedUpTo, positions.fetchedUpTo ?? 0);
  const unmoved = otherReadUpTo === base.otherReadUpTo && fetchedUpTo === base.fetchedUpTo;
  if (incoming.length === 0) return unmoved ? base : { ...base, otherReadUpTo, fetchedUpTo };
  const byId = new Map<number, Message>();
  for (const m of base.messages) byId.set(m.id, m);
  for (const m of incoming) {
    const known = byId.get(m.id);
    // A later copy may only add news (isRead turning true), never take it back.
    byId.set(m.id, known ? { ...m, isRead: known.isRead || m.isRead } : m);
  }
  const messages = [...byId.values()].sort((a, b) => a.seq - b.seq);
  return { messages, otherReadUpTo, fetchedUpTo };
}

/** The highest seq held (0 for none). */
export function lastSeq(thread: Thread | undefined): number {
  const last = thread?.messages.at(-1);
  return last ? last.seq : 0;
}

/**
 * True when a pushed message skips past messages this thread has not got (a push was missed, or this
 * tab was asleep): then fetching from the cursor fills the hole.
 */
export function leavesGap(thread: Thread | undefined, message: Message): boolean {
  return message.seq > lastSeq(thread) + 1;
}

export type ChatItem =
  | { kind: "message"; key: string; message: Message; mine: boolean; seen: boolean }
  | { kind: "outgoing"; key: string; outgoing: OutgoingMessage };

/** The seq of my latest message once the other person has read it, else null: "Seen" goes under it. */
export function seenSeq(thread: Thread, myId: number): number | null {
  for (let i = thread.messages.length - 1; i >= 0; i--) {
    const m = thread.messages[i];
    if (m && m.senderId === myId) return m.isRead || m.seq <= thread.otherReadUpTo ? m.seq : null;
  }
  return null;
}

/**
 * What the list shows: confirmed messages in seq order, then my messages still on their way, oldest
 * first. An outgoing message the server already holds (its clientId came back) shows once, as confirmed.
 * Keys are the clientId where there is one, so a bubble keeps its place when its send is confirmed.
 */
export function chatItems(thread: Thread, outgoing: readonly OutgoingMessage[], myId: number): ChatItem[] {
  const seen = seenSeq(thread, myId);
  const confirmed = new Set<string>();
  const items: ChatItem[] = thread.messages.map((message) => {
    const mine = message.senderId === myId;
    if (mine) confirmed.add(message.clientId);
    return {
      kind: "message",
      key: mine ? message.clientId : `m${message.id}`,
      message,
      mine,
      seen: mine && message.seq === seen,
    };
  });
  const waiting = outgoing
    .filter((o) => !confirmed.has(o.clientId))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const o of waiting) items.push({ kind: "outgoing", key: o.clientId, outgoing: o });
  return items;
}

/** The position to mark read, when the other person's messages go past `alreadyMarked`; else null. */
export function readTarget(thread: Thread, myId: number, alreadyMarked: number): number | null {
  const unseen = thread.messages.some((m) => m.senderId !== myId && m.seq > alreadyMarked);
  return unseen ? lastSeq(thread) : null;
}

/**
 * Every message after `after`, page by page (the server returns at most a page at a time), and the
 * positions to record. The cursor only advances over what a page returned, so nothing is skipped.
 */
export async function readPagesAfter(
  fetchPage: (after: number) => Promise<MessagePage>,
  after: number,
): Promise<{ messages: Message[]; otherReadUpTo: number; fetchedUpTo: number }> {
  const messages: Message[] = [];
  let cursor = after;
  let otherReadUpTo = 0;
  for (;;) {
    const page = await fetchPage(cursor);
    messages.push(...page.messages);
    otherReadUpTo = Math.max(otherReadUpTo, page.otherReadUpTo);
    const last = page.messages.at(-1);
    if (last) cursor = Math.max(cursor, last.seq);
    // An empty page that claims more would loop for ever: stop, the next poll asks again.
    if (!page.hasMore || !last) break;
  }
  return { messages, otherReadUpTo, fetchedUpTo: cursor };
}
