import { ACTIVE_RECENTLY_MS, DEFAULT_MAIL_SETTINGS, type MailType } from "@kindred/shared/mail";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { notificationSettings } from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";
import { mailOrigin } from "../../lib/public-origin.ts";
import { type NotificationMail, withoutNames } from "../mail/kinds.ts";
import { queueMail } from "../mail/outbox.ts";
import { inQuietHours } from "./notify.ts";

/** Who a notification mail goes to: their own address and username, nothing else of the account. */
export interface MailRecipient {
  id: number;
  email: string;
  username: string;
  /** 'Hide names in notifications': their mail names no one either. */
  hideNames: boolean;
}

const TOGGLE = {
  calls: notificationSettings.mailCalls,
  reminders: notificationSettings.mailReminders,
  messages: notificationSettings.mailMessages,
  news: notificationSettings.mailNews,
} as const;

/**
 * Of these people, those who may be mailed a notification of `type` at `now` (the scheduling clock's):
 * a verified address, the type's mail toggle on (no settings row: the defaults), not in their quiet
 * hours (the push code's check, London time), no Kindred page open (presence) and none closed within
 * ACTIVE_RECENTLY_MS (users.last_active_at, stamped when their status socket closes).
 */
export async function mailableAmong(
  app: FastifyInstance,
  userIds: readonly number[],
  type: MailType,
  now: Date,
): Promise<Map<number, MailRecipient>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await app.db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      lastActiveAt: users.lastActiveAt,
      wants: TOGGLE[type],
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
      hideNames: notificationSettings.hideNames,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, ids), eq(users.emailVerified, true)));
  const idle = rows.filter(
    (r) =>
      (r.wants ?? DEFAULT_MAIL_SETTINGS[type]) &&
      !(r.lastActiveAt && now.getTime() - r.lastActiveAt.getTime() < ACTIVE_RECENTLY_MS) &&
      !inQuietHours(r.quietStart, r.quietEnd, now),
  );
  if (idle.length === 0) return new Map();
  const online = await app.realtime.presence.onlineAmong(idle.map((r) => r.id));
  return new Map(
    idle
      .filter((r) => !online.has(r.id))
      .map((r) => [
        r.id,
        { id: r.id, email: r.email, username: r.username, hideNames: r.hideNames ?? false },
      ]),
  );
}

/** Queues one notification mail to its recipient; false when its dedupeKey was decided before (another scan, instance). */
export async function mailTo(
  app: FastifyInstance,
  to: MailRecipient,
  content: NotificationMail,
  dedupeKey: string,
): Promise<boolean> {
  const words = to.hideNames ? withoutNames(content) : content;
  const mail = { userId: to.id, to: to.email, username: to.username, content: words, dedupeKey };
  return (await queueMail(app.db, mailOrigin(app.env), mail)) !== null;
}
