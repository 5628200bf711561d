import { TIME_ZONE } from "@kindred/shared/constants";
import { NEWS_MAIL_EVERY_MS } from "@kindred/shared/mail";
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { mailOutbox } from "../../db/schema/mail.ts";
import { matches } from "../../db/schema/matches.ts";
import { involves, matchIsLive } from "../../lib/live-match.ts";
import { mailableAmong, mailTo } from "./mail-recipients.ts";

/** 'YYYY-MM-DD' on London's calendar. */
const londonDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * Someone was matched with these people (the other side of each new match: whoever generated them sees
 * them in the answer). Decided at the event, after its commit: at most one 'new_matches' mail a day per
 * person (none within NEWS_MAIL_EVERY_MS of the last, and one per London day by its key), counting their
 * live matches made since their last such mail (or within the last day). Someone who cannot be mailed
 * at this moment (quiet hours, active in the app) is not mailed for this event; the next match counts
 * it in. Never fails its cause.
 */
export async function mailNewMatches(app: FastifyInstance, userIds: readonly number[]): Promise<void> {
  try {
    const now = app.scheduleClock.now();
    const recipients = await mailableAmong(app, userIds, "news", now);
    let queued = 0;
    for (const to of recipients.values()) {
      const [last] = await app.db
        .select({ at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, to.id), eq(mailOutbox.kind, "new_matches")))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      const dayAgo = new Date(now.getTime() - NEWS_MAIL_EVERY_MS);
      if (last && last.at > dayAgo) continue;
      const [fresh] = await app.db
        .select({ n: count() })
        .from(matches)
        .where(and(involves(to.id), matchIsLive, gt(matches.matchDate, last?.at ?? dayAgo)));
      const n = Number(fresh?.n ?? 0);
      if (n === 0) continue;
      const key = `news:${to.id}:${londonDay.format(now)}`;
      if (await mailTo(app, to, { kind: "new_matches", count: n }, key)) queued += 1;
    }
    if (queued > 0) app.mail.kick();
  } catch (err) {
    app.log.warn({ err }, "deciding new-match mails failed");
  }
}
