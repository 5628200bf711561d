// Push notifications (issue 28): what a browser subscribes with, what a person turns on and off, and
// what reaches their service worker.
import { z } from "zod";

/** A person may hold this many push subscriptions (one per browser); an 11th replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** An unread message is pushed once it has waited this long with no Kindred page of theirs open. */
export const UNREAD_PUSH_AFTER_MS = 2 * 60_000;
/** Scheduled-call reminders: this long before the slot, and at the slot. */
export const REMINDER_BEFORE_MS = 10 * 60_000;

/** What kinds of push a person can turn off one by one. */
export const NOTIFICATION_TYPES = ["calls", "reminders", "messages", "news"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "endpoint must be the push service's address" })
    .url({ error: "endpoint must be the push service's address" })
    .max(2048),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2048) });

/** GET /api/push/key: the VAPID public key (base64url), for pushManager.subscribe. */
export const pushKeySchema = z.object({ publicKey: z.string() });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "A time is written like 22:00" });

/** GET and PUT /api/notifications/settings. Quiet hours are read in Europe/London (every city is in the UK). */
export const notificationSettingsSchema = z.object({
  calls: z.boolean(),
  reminders: z.boolean(),
  messages: z.boolean(),
  /** Chat unlocked, photos revealed, a new match. */
  news: z.boolean(),
  /** 'Someone is calling you on Kindred' / 'You have a new message' instead of names. */
  hideNames: z.boolean(),
  /** Nothing is pushed from start to end, except calls in a scheduled slot. Null: no quiet hours. */
  quietHours: z.object({ start: hhmm, end: hhmm }).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  calls: true,
  reminders: true,
  messages: true,
  news: true,
  hideNames: false,
  quietHours: null,
};

/** What the service worker receives (encrypted): never more than the title, the ids and the URL. */
export const pushPayloadSchema = z.object({
  kind: z.enum(["call", "missed", "reminder", "message", "news", "test"]),
  title: z.string(),
  /** The notification's tag: a later push with the same tag replaces it ('call-42' ringing → missed). */
  tag: z.string(),
  /** Where a click goes. */
  url: z.string(),
  callId: z.number().int().optional(),
  matchId: z.number().int().optional(),
  /** For a ringing call: when the ring ends (ms since the epoch); a ring arriving later shows as missed. */
  ringUntil: z.number().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** GET /api/push/subscriptions: the signed-in person's subscriptions, so a page can tell whether its browser's is one. */
export const pushSubscriptionInfoSchema = z.object({ endpoint: z.string(), createdAt: z.string() });
export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionInfoSchema) });
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionInfoSchema>;

/** POST /api/push/test: how many of the person's subscriptions the test notification went to. */
export const pushTestResultSchema = z.object({ queued: z.number().int() });

/** The answer to an endpoint that is not a known push service's (nor one PUSH_ENDPOINT_ALLOW adds). */
export const PUSH_ENDPOINT_REFUSED =
  "Notifications can only be sent through a browser's push service. Turn them on again in a browser that supports them.";
