import type { Message, MessagePage } from "@kindred/shared/chat";
import { describe, expect, it } from "vitest";
import type { OutgoingMessage } from "./outgoing-message";
import {
  chatItems,
  EMPTY_THREAD,
  leavesGap,
  mergeThread,
  readPagesAfter,
  readTarget,
  seenSeq,
} from "./thread";

const ME = 1;
const THEM = 2;

function msg(seq: number, senderId = THEM, patch: Partial<Message> = {}): Message {
  return {
    id: 100 + seq,
    matchId: 7,
    senderId,
    content: `message ${seq}`,
    sentAt: new Date(Date.UTC(2026, 2, 1, 12, seq)).toISOString(),
    seq,
    clientId: `client-${seq}`,
    isRead: false,
    ...patch,
  };
}

function outgoing(
  clientId: string,
  createdAt: string,
  patch: Partial<OutgoingMessage> = {},
): OutgoingMessage {
  return {
    clientId,
    matchId: 7,
    content: clientId,
    createdAt,
    status: "sending",
    retries: 0,
    error: null,
    retryAt: null,
    ...patch,
  };
}

describe("mergeThread", () => {
  it("orders by the server's seq, whatever order pages and pushes arrive in", () => {
    const a = mergeThread(mergeThread(undefined, [msg(3), msg(1)]), [msg(2)]);
    const b = mergeThread(mergeThread(undefined, [msg(2)]), [msg(1), msg(3)]);
    expect(a.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(b).toEqual(a);
  });

  it("keeps one copy of a message that arrives twice (a push and then a page)", () => {
    const thread = mergeThread(mergeThread(undefined, [msg(1), msg(2)]), [msg(2), msg(2)]);
    expect(thread.messages).toHaveLength(2);
  });

  it("never takes back isRead, and positions only move forward", () => {
    const read = mergeThread(undefined, [msg(1, ME, { isRead: true })], { otherReadUpTo: 5, fetchedUpTo: 4 });
    const later = mergeThread(read, [msg(1, ME, { isRead: false })], { otherReadUpTo: 2, fetchedUpTo: 1 });
    expect(later.messages[0]?.isRead).toBe(true);
    expect(later.otherReadUpTo).toBe(5);
    expect(later.fetchedUpTo).toBe(4);
  });

  it("returns the same thread when nothing changed, so screens do not re-render", () => {
    const thread = mergeThread(undefined, [msg(1)], { otherReadUpTo: 1 });
    expect(mergeThread(thread, [], { otherReadUpTo: 1 })).toBe(thread);
  });

  it("a push does not move the fetch cursor, so the next page still covers what it skipped", () => {
    const thread = mergeThread(mergeThread(undefined, [msg(1)], { fetchedUpTo: 1 }), [msg(4)]);
    expect(thread.fetchedUpTo).toBe(1);
    expect(leavesGap(mergeThread(undefined, [msg(1)]), msg(4))).toBe(true);
    expect(leavesGap(mergeThread(undefined, [msg(1)]), msg(2))).toBe(false);
  });
});

describe("chatItems", () => {
  it("shows confirmed messages in seq order, then mine still on their way, oldest first", () => {
    const thread = mergeThread(undefined, [msg(2, ME), msg(1)]);
    const items = chatItems(
      thread,
      [outgoing("b", "2026-03-01T12:10:00.000Z"), outgoing("a", "2026-03-01T12:09:00.000Z")],
      ME,
    );
    expect(items.map((i) => i.key)).toEqual(["m101", "client-2", "a", "b"]);
    expect(items[1]).toMatchObject({ kind: "message", mine: true });
    expect(items[0]).toMatchObject({ kind: "message", mine: false });
  });

  it("shows a sent message once when the server already holds it (same clientId), keeping its key", () => {
    const thread = mergeThread(undefined, [msg(1, ME, { clientId: "abc" })]);
    const items = chatItems(thread, [outgoing("abc", "2026-03-01T12:00:00.000Z")], ME);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "message", key: "abc" });
  });
});

describe("seen and read", () => {
  it("puts 'Seen' under my last message once the other has read up to it", () => {
    const thread = mergeThread(undefined, [msg(1, ME), msg(2), msg(3, ME)]);
    expect(seenSeq(thread, ME)).toBeNull();
    expect(seenSeq(mergeThread(thread, [], { otherReadUpTo: 2 }), ME)).toBeNull();
    const read = mergeThread(thread, [], { otherReadUpTo: 3 });
    expect(seenSeq(read, ME)).toBe(3);
    expect(chatItems(read, [], ME).filter((i) => i.kind === "message" && i.seen)).toHaveLength(1);
    expect(seenSeq(mergeThread(undefined, [msg(1, ME, { isRead: true })]), ME)).toBe(1);
  });

  it("asks to mark read only when the other's messages pass what was marked", () => {
    const thread = mergeThread(undefined, [msg(1), msg(2, ME)]);
    expect(readTarget(thread, ME, 0)).toBe(2);
    expect(readTarget(thread, ME, 1)).toBeNull();
    expect(readTarget(mergeThread(undefined, [msg(1, ME)]), ME, 0)).toBeNull();
    expect(readTarget(EMPTY_THREAD, ME, 0)).toBeNull();
  });
});

describe("readPagesAfter", () => {
  const page = (messages: Message[], hasMore: boolean, otherReadUpTo = 0): MessagePage => ({
    messages,
    hasMore,
    otherReadUpTo,
  });

  it("follows hasMore from each page's last seq and records how far it got", async () => {
    const asked: number[] = [];
    const pages: Record<number, MessagePage> = {
      3: page([msg(4), msg(5)], true, 2),
      5: page([msg(6)], false, 4),
    };
    const read = await readPagesAfter(async (after) => {
      asked.push(after);
      return pages[after] ?? page([], false);
    }, 3);
    expect(asked).toEqual([3, 5]);
    expect(read.messages.map((m) => m.seq)).toEqual([4, 5, 6]);
    expect(read).toMatchObject({ otherReadUpTo: 4, fetchedUpTo: 6 });
  });

  it("stops at an empty page even if it claims more, and keeps the cursor", async () => {
    let calls = 0;
    const read = await readPagesAfter(async () => {
      calls += 1;
      return page([], true);
    }, 9);
    expect(calls).toBe(1);
    expect(read.fetchedUpTo).toBe(9);
  });
});
