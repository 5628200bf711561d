import type { ChatSummary } from "@kindred/shared/chat";
import { describe, expect, it } from "vitest";
import { asChatEvent } from "./chat-frames";
import { badgeCount, totalUnread, unreadChats, withChatRead } from "./unread";

const chat = (id: number, unreadCount: number) =>
  ({ match: { id }, lastMessage: null, unreadCount }) as unknown as ChatSummary;

describe("unread counts", () => {
  it("sums the chats' unread counts for the Chats tab", () => {
    expect(totalUnread([chat(1, 2), chat(2, 0), chat(3, 5)])).toBe(7);
    expect(totalUnread(undefined)).toBe(0);
  });

  it("lists only chats with something unread on the Unread tab, in order", () => {
    expect(unreadChats([chat(1, 2), chat(2, 0), chat(3, 5)]).map((c) => c.match.id)).toEqual([1, 3]);
  });

  it("clears one chat's count after reading it here", () => {
    expect(withChatRead([chat(1, 2), chat(3, 5)], 3)?.map((c) => c.unreadCount)).toEqual([2, 0]);
  });

  it("caps the badge at 99+", () => {
    expect([0, 7, 99, 100].map(badgeCount)).toEqual(["0", "7", "99", "99+"]);
  });
});

describe("asChatEvent", () => {
  const message = {
    id: 1,
    matchId: 7,
    senderId: 2,
    content: "hi",
    sentAt: "2026-03-01T12:00:00.000Z",
    seq: 1,
    clientId: "c",
    isRead: false,
  };

  it("reads chat:message and chat:read frames", () => {
    expect(asChatEvent({ type: "chat:message", message })).toEqual({ type: "chat:message", message });
    expect(asChatEvent({ type: "chat:read", matchId: 7, userId: 2, upToSeq: 4 })).toEqual({
      type: "chat:read",
      matchId: 7,
      userId: 2,
      upToSeq: 4,
    });
  });

  it("ignores other frames and malformed chat frames", () => {
    expect(asChatEvent({ type: "presence", userId: 2, online: true })).toBeNull();
    expect(asChatEvent({ type: "chat:message", message: { ...message, seq: "1" } })).toBeNull();
    expect(asChatEvent({ type: "chat:read", matchId: 7 })).toBeNull();
    expect(asChatEvent(null)).toBeNull();
  });
});
