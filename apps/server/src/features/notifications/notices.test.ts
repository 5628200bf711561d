// What each push says and how it travels (RESEARCH §1.2), without a database.
import { describe, expect, it } from "vitest";
import {
  messageNotice,
  missedNotice,
  newsNotice,
  reminderNotice,
  reminderStage,
  ringNotice,
} from "./notices.ts";

const MIN = 60_000;
const call = { id: 42, matchId: 7, receiverId: 3, startTime: new Date("2026-11-27T12:00:00Z") };

describe("call pushes", () => {
  it("rings with high urgency while the ring lasts, answerable from the notification", () => {
    const now = new Date(call.startTime.getTime() + 5_000);
    expect(ringNotice(call, "alice", now, false)).toEqual({
      userId: 3,
      type: "calls",
      kind: "call",
      dedupeKey: "call-42",
      title: "alice is calling",
      anonymousTitle: "Someone is calling you on Kindred",
      tag: "call-42",
      topic: "call-42",
      url: "/call/7",
      callId: 42,
      matchId: 7,
      ringUntil: call.startTime.getTime() + 45_000,
      ttlSeconds: 40,
      urgency: "high",
      evenInQuietHours: false,
    });
    expect(ringNotice(call, "alice", now, true).evenInQuietHours).toBe(true);
  });

  it("turns the same notification into a missed call, shown, for a day", () => {
    expect(missedNotice(call, "alice")).toMatchObject({
      kind: "missed",
      dedupeKey: "missed-42",
      title: "Missed call from alice",
      anonymousTitle: "You missed a call on Kindred",
      tag: "call-42",
      topic: "call-42",
      url: "/matches",
      urgency: "normal",
      ttlSeconds: 86_400,
    });
  });
});

describe("scheduled-call reminders", () => {
  const slot = new Date("2026-11-28T15:00:00Z");
  const at = (ms: number) => new Date(slot.getTime() + ms);

  it("is due 10 minutes before, then at the slot, and never past its join window", () => {
    expect(reminderStage(slot, at(-10 * MIN - 1))).toBeNull();
    expect(reminderStage(slot, at(-10 * MIN))).toBe("before");
    expect(reminderStage(slot, at(-1))).toBe("before");
    expect(reminderStage(slot, at(0))).toBe("start");
    expect(reminderStage(slot, at(30 * MIN - 1))).toBe("start");
    expect(reminderStage(slot, at(30 * MIN))).toBeNull();
  });

  it("says when, opens the call page like 'Join call', and lives until the window closes", () => {
    const to = { userId: 3, matchId: 7, other: "bob" };
    expect(reminderNotice(to, slot, "before", at(-10 * MIN))).toMatchObject({
      type: "reminders",
      kind: "reminder",
      dedupeKey: `remind10-7-${slot.toISOString()}`,
      title: "Your call with bob starts in 10 minutes",
      anonymousTitle: "Your Kindred call starts in 10 minutes",
      tag: "sched-7",
      topic: "sched-7",
      url: "/call/7?autoStart=true",
      urgency: "normal",
      ttlSeconds: 40 * 60,
      evenInQuietHours: true,
    });
    expect(reminderNotice(to, slot, "start", at(MIN))).toMatchObject({
      dedupeKey: `remind0-7-${slot.toISOString()}`,
      title: "Your call with bob is starting",
      anonymousTitle: "Your Kindred call is starting",
      urgency: "high",
      ttlSeconds: 29 * 60,
    });
  });
});

describe("messages and news", () => {
  it("keeps one notification per conversation, keyed by its newest message", () => {
    expect(messageNotice({ userId: 3, matchId: 7, messageId: 99, sender: "alice" })).toMatchObject({
      type: "messages",
      kind: "message",
      dedupeKey: "msg-99",
      title: "alice sent you a message",
      anonymousTitle: "You have a new message",
      tag: "chat-7",
      topic: "chat-7",
      url: "/conversation/7",
      ttlSeconds: 86_400,
      urgency: "normal",
    });
  });

  it("names the match's news once per match", () => {
    const to = { userId: 3, matchId: 7, other: { id: 4, username: "bob" } };
    expect(newsNotice("unlock", to)).toMatchObject({
      type: "news",
      dedupeKey: "unlock-7",
      title: "Chat is now unlocked with bob",
      url: "/conversation/7",
    });
    expect(newsNotice("photos", to)).toMatchObject({
      dedupeKey: "photos-7",
      title: "Your photos are revealed to each other: bob",
      url: "/profile/4",
    });
    expect(newsNotice("match", to)).toMatchObject({
      dedupeKey: "match-7",
      title: "New match: bob",
      anonymousTitle: "You have a new match",
      url: "/matches",
    });
    for (const kind of ["unlock", "photos", "match"] as const) {
      expect(newsNotice(kind, to).anonymousTitle).not.toContain("bob");
    }
  });
});
