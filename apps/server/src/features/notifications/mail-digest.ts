import { DIGEST_AFTER_MS, DIGEST_EVERY_MS } from "@kindred/shared/mail";
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { mailOutbox } from "../../db/schema/mail.ts";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { users } from "../../db/schema/users.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { mailableAmong, mailTo } from "./mail-recipients.ts";

const DAY_MS = 24 * 60 * 60_000;
const BATCH = 200;

/**
 * One 'unread_digest' per person with messages (in live matches) unread for DIGEST_AFTER_MS, sent within
 * the last day: how many, and from whom (usernames only). At most one per DIGEST_EVERY_MS, and only when
 * something new is unread since the last: the key is the newest such message. A person who cannot be
 * mailed now (quiet hours, active in the app) gets it at a later scan, when they can.
 */
export async function scanDigestMail(app: FastifyInstance): Promise<number> {
  const now = app.scheduleClock.now();
  const recipient = sql<number>`case when ${matches.userId1} = ${messages.senderId} then ${matches.userId2} else ${matches.userId1} end`;
  const unread = await app.db
    .select({
      userId: recipient,
      count: sql<number>`count(*)::int`,
      newest: sql<number>`max(${messages.id})`,
      fromNames: sql<string[]>`array_agg(distinct ${users.username})`,
    })
    .from(messages)
    .innerJoin(matches, eq(matches.id, messages.matchId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        sql`not ${messages.isRead}`,
        gt(messages.sentAt, new Date(now.getTime() - DAY_MS)),
        lte(messages.sentAt, new Date(now.getTime() - DIGEST_AFTER_MS)),
        matchIsLive,
      ),
    )
    .groupBy(recipient)
    .limit(BATCH);
  if (unread.length === 0) return 0;
  const keyOf = (u: (typeof unread)[number]) => `digest:${Number(u.userId)}:${Number(u.newest)}`;
  // Mailed already: a digest keyed by the same newest message (nothing new since), or any digest of
  // theirs within DIGEST_EVERY_MS (mail_outbox_user_kind_idx).
  const before = await app.db
    .select({ userId: mailOutbox.userId, key: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(
      and(
        inArray(
          mailOutbox.userId,
          unread.map((u) => Number(u.userId)),
        ),
        eq(mailOutbox.kind, "unread_digest"),
        or(
          gt(mailOutbox.createdAt, new Date(now.getTime() - DIGEST_EVERY_MS)),
          inArray(mailOutbox.dedupeKey, unread.map(keyOf)),
        ),
      ),
    );
  const mailed = new Set(before.map((r) => r.userId));
  const due = unread.filter((u) => !mailed.has(Number(u.userId)));
  const recipients = await mailableAmong(
    app,
    due.map((u) => Number(u.userId)),
    "messages",
    now,
  );
  let queued = 0;
  for (const u of due) {
    const to = recipients.get(Number(u.userId));
    if (!to) continue;
    const fromNames = [...u.fromNames].sort((a, b) => a.localeCompare(b));
    const content = { kind: "unread_digest", count: Number(u.count), fromNames } as const;
    if (await mailTo(app, to, content, keyOf(u))) queued += 1;
  }
  return queued;
}
