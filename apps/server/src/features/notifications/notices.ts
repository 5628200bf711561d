import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { JOIN_CALL_AFTER_MS } from "@kindred/shared/matches";
import { REMINDER_BEFORE_MS } from "@kindred/shared/notifications";
import type { PushNotice } from "./notify.ts";

// What each push says and how it travels (RESEARCH §1.2): pure builders, so the words and headers are
// tested without a database. notify() applies the person's toggles, quiet hours and hide-names.

const DAY_SECONDS = 24 * 60 * 60;
/** A TTL in whole seconds, never 0 (0 means "now or never" to a push service). */
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

interface CallRef {
  id: number;
  matchId: number;
  receiverId: number;
  startTime: Date;
}

/** The receiver's phone rings: high urgency, alive only while the call rings. */
export function ringNotice(call: CallRef, caller: string, now: Date, inScheduledSlot: boolean): PushNotice {
  const ringUntil = call.startTime.getTime() + RING_TIMEOUT_MS;
  return {
    userId: call.receiverId,
    type: "calls",
    kind: "call",
    dedupeKey: `call-${call.id}`,
    title: `${caller} is calling`,
    anonymousTitle: "Someone is calling you on Kindred",
    tag: `call-${call.id}`,
    topic: `call-${call.id}`,
    // A plain click opens the ringing call page (Answer and Reject there); the Answer action answers.
    url: `/call/${call.matchId}`,
    callId: call.id,
    matchId: call.matchId,
    ringUntil,
    ttlSeconds: secondsUntil(ringUntil - now.getTime()),
    urgency: "high",
    evenInQuietHours: inScheduledSlot,
  };
}

/**
 * The ring ended unanswered: the same tag and topic, so it replaces the ringing notification (or a ring
 * still queued at the push service). It only follows a ring that was pushed, so quiet hours, which let
 * that ring through, let its replacement through too: a stale 'is calling' must not stay on screen.
 */
export function missedNotice(call: CallRef, caller: string): PushNotice {
  return {
    userId: call.receiverId,
    type: "calls",
    kind: "missed",
    dedupeKey: `missed-${call.id}`,
    title: `Missed call from ${caller}`,
    anonymousTitle: "You missed a call on Kindred",
    tag: `call-${call.id}`,
    topic: `call-${call.id}`,
    url: "/matches",
    callId: call.id,
    matchId: call.matchId,
    ttlSeconds: DAY_SECONDS,
    urgency: "normal",
    evenInQuietHours: true,
  };
}

/** Which reminder a slot is due for at `now`: 10 minutes before, at the slot, or none (too early, or past its window). */
export function reminderStage(slot: Date, now: Date): "before" | "start" | null {
  const t = now.getTime();
  const at = slot.getTime();
  if (t >= at - REMINDER_BEFORE_MS && t < at) return "before";
  if (t >= at && t < at + JOIN_CALL_AFTER_MS) return "start";
  return null;
}

/** A scheduled call's reminder to one of the two; `now` is the scheduling clock's. Alive until the join window closes. */
export function reminderNotice(
  to: { userId: number; matchId: number; other: string },
  slot: Date,
  stage: "before" | "start",
  now: Date,
): PushNotice {
  const before = stage === "before";
  return {
    userId: to.userId,
    type: "reminders",
    kind: "reminder",
    dedupeKey: `${before ? "remind10" : "remind0"}-${to.matchId}-${slot.toISOString()}`,
    title: before
      ? `Your call with ${to.other} starts in 10 minutes`
      : `Your call with ${to.other} is starting`,
    anonymousTitle: before ? "Your Kindred call starts in 10 minutes" : "Your Kindred call is starting",
    tag: `sched-${to.matchId}`,
    topic: `sched-${to.matchId}`,
    // The link 'Join call' uses.
    url: `/call/${to.matchId}?autoStart=true`,
    matchId: to.matchId,
    ttlSeconds: secondsUntil(slot.getTime() + JOIN_CALL_AFTER_MS - now.getTime()),
    urgency: before ? "normal" : "high",
    evenInQuietHours: true,
  };
}

/** The newest unread message of a conversation: one notification per conversation, replaced by the next. */
export function messageNotice(to: { userId: number; matchId: number; messageId: number; sender: string }) {
  const notice: PushNotice = {
    userId: to.userId,
    type: "messages",
    kind: "message",
    dedupeKey: `msg-${to.messageId}`,
    title: `${to.sender} sent you a message`,
    anonymousTitle: "You have a new message",
    tag: `chat-${to.matchId}`,
    topic: `chat-${to.matchId}`,
    url: `/conversation/${to.matchId}`,
    matchId: to.matchId,
    ttlSeconds: DAY_SECONDS,
    urgency: "normal",
  };
  return notice;
}

export type NewsKind = "unlock" | "photos" | "match";

/** Chat unlocked, photos revealed, a new match: news of a match, once each per match. */
export function newsNotice(
  news: NewsKind,
  to: { userId: number; matchId: number; other: { id: number; username: string } },
): PushNotice {
  const { matchId, other } = to;
  const words = {
    unlock: {
      title: `Chat is now unlocked with ${other.username}`,
      anonymousTitle: "Chat is now unlocked with one of your matches",
      url: `/conversation/${matchId}`,
    },
    photos: {
      title: `Your photos are revealed to each other: ${other.username}`,
      anonymousTitle: "Your photos are revealed to one of your matches",
      url: `/profile/${other.id}`,
    },
    match: { title: `New match: ${other.username}`, anonymousTitle: "You have a new match", url: "/matches" },
  }[news];
  return {
    userId: to.userId,
    type: "news",
    kind: "news",
    dedupeKey: `${news}-${matchId}`,
    ...words,
    tag: `${news}-${matchId}`,
    topic: `${news}-${matchId}`,
    matchId,
    ttlSeconds: DAY_SECONDS,
    urgency: "normal",
  };
}
