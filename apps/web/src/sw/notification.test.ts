import type { PushPayload } from "@kindred/shared/notifications";
import { describe, expect, it } from "vitest";
import { missedTitle, notificationFor, parsePayload } from "./notification";

const NOW = 1_800_000_000_000;
const ring: PushPayload = {
  kind: "call",
  title: "alex is calling",
  tag: "call-42",
  url: "/call/7",
  callId: 42,
  matchId: 7,
  ringUntil: NOW + 30_000,
};

describe("parsePayload", () => {
  it("reads the server's payload, and nothing that is not one", () => {
    expect(parsePayload(JSON.stringify(ring))).toEqual(ring);
    expect(parsePayload(JSON.stringify({ ...ring, callId: "42", extra: 1 }))).toEqual({
      ...ring,
      callId: undefined,
    });
    for (const text of [null, "", "not json", "null", "[]", JSON.stringify({ ...ring, kind: "other" })]) {
      expect(parsePayload(text)).toBeNull();
    }
  });
});

describe("notificationFor", () => {
  it("rings a call: Answer and Decline, kept on screen, with the URL and ids as data", () => {
    expect(notificationFor(ring, NOW, false)).toEqual({
      title: "alex is calling",
      options: {
        tag: "call-42",
        icon: "/icons/icon-192.png",
        data: { url: "/call/7", kind: "call", callId: 42, matchId: 7 },
        actions: [
          { action: "answer", title: "Answer" },
          { action: "decline", title: "Decline" },
        ],
        requireInteraction: true,
      },
    });
  });

  it("shows a ring that arrives after its ring time as the missed call, under the same tag: never a late ring", () => {
    const { title, options } = notificationFor({ ...ring, ringUntil: NOW - 1 }, NOW, false);
    expect(title).toBe("Missed call from alex");
    expect(options.tag).toBe("call-42");
    expect(options.actions).toBeUndefined();
    expect(options.requireInteraction).toBeUndefined();
    expect(options.data).toEqual({ url: "/matches", kind: "missed", callId: 42, matchId: 7 });
    expect(missedTitle("Someone is calling you on Kindred")).toBe("You missed a call on Kindred");
  });

  it("renotifies an updated message notification", () => {
    const message: PushPayload = {
      kind: "message",
      title: "alex sent you a message",
      tag: "chat-7",
      url: "/conversation/7",
    };
    expect(notificationFor(message, NOW, false).options.renotify).toBe(true);
  });

  it("shows everything silently while a Kindred window is focused (the in-app banner has it)", () => {
    const { options } = notificationFor(ring, NOW, true);
    expect(options.silent).toBe(true);
    expect(options.requireInteraction).toBe(false);
    expect(options.actions).toHaveLength(2);
    const message = notificationFor({ kind: "message", title: "m", tag: "chat-7", url: "/" }, NOW, true);
    expect(message.options).toMatchObject({ silent: true });
    expect(message.options.renotify).toBeUndefined();
  });

  it("still shows something for a payload it cannot read", () => {
    expect(notificationFor(null, NOW, false)).toMatchObject({
      title: "Kindred",
      options: { tag: "kindred" },
    });
  });
});
