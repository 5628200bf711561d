// What a push shows, decided apart from the service worker's APIs so it can be unit-tested.
import type { PushPayload } from "@kindred/shared/notifications";
import type { NotificationData } from "./click-action";

/** Notification options beyond what TypeScript's DOM library declares (actions, renotify). */
export interface ShownOptions {
  tag: string;
  body?: string;
  icon: string;
  badge?: string;
  data: NotificationData;
  actions?: { action: string; title: string }[];
  requireInteraction?: boolean;
  renotify?: boolean;
  silent?: boolean;
}

export interface Shown {
  title: string;
  options: ShownOptions;
}

const KINDS = new Set<string>(["call", "missed", "reminder", "message", "news", "test"]);
const ICON = "/icons/icon-192.png";

const optionalInt = (value: unknown) => (Number.isInteger(value) ? (value as number) : undefined);

/**
 * The payload, checked by hand (zod stays out of the worker): null when it is not one of ours. The
 * server sends PushPayload (packages/shared/src/notifications.ts).
 */
export function parsePayload(text: string | null): PushPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(text ?? "");
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.kind !== "string" || !KINDS.has(v.kind)) return null;
  if (typeof v.title !== "string" || typeof v.tag !== "string" || typeof v.url !== "string") return null;
  return {
    kind: v.kind as PushPayload["kind"],
    title: v.title,
    tag: v.tag,
    url: v.url,
    callId: optionalInt(v.callId),
    matchId: optionalInt(v.matchId),
    ringUntil: typeof v.ringUntil === "number" ? v.ringUntil : undefined,
  };
}

/**
 * A ring that arrived too late, in the words the server's missed-call push uses
 * (apps/server/src/features/notifications/notices.ts): '{username} is calling' becomes
 * 'Missed call from {username}', and the title with names hidden, 'You missed a call on Kindred'.
 */
export function missedTitle(title: string): string {
  const caller = /^(.+) is calling$/.exec(title)?.[1];
  return caller ? `Missed call from ${caller}` : "You missed a call on Kindred";
}

/** Where a missed call's click goes, as the server's missed-call push: the ring's own URL would answer. */
const MISSED_URL = "/matches";

/**
 * What to show for a push. A call rings (Answer, Decline, kept on screen) unless its ring is already
 * over when it arrives: then it is the missed call, under the same tag, never a late ring. Messages
 * alert again when their conversation's notification is updated. With a Kindred window focused the
 * in-app banner shows the event, so the notification is silent (every push must still show one).
 * An unreadable payload still shows something, for the same reason.
 */
export function notificationFor(payload: PushPayload | null, now: number, focused: boolean): Shown {
  if (!payload) return { title: "Kindred", options: { tag: "kindred", icon: ICON, data: { url: "/home" } } };
  const late = payload.kind === "call" && payload.ringUntil !== undefined && payload.ringUntil <= now;
  const kind = late ? "missed" : payload.kind;
  const options: ShownOptions = {
    tag: payload.tag,
    icon: ICON,
    data: { url: late ? MISSED_URL : payload.url, kind, callId: payload.callId, matchId: payload.matchId },
  };
  if (kind === "call") {
    options.actions = [
      { action: "answer", title: "Answer" },
      { action: "decline", title: "Decline" },
    ];
    options.requireInteraction = !focused;
  }
  if (kind === "message" && !focused) options.renotify = true;
  if (focused) options.silent = true;
  return { title: late ? missedTitle(payload.title) : payload.title, options };
}
