// The mail outbox: queueMail writes a rendered mail in the caller's transaction; the sender claims and
// closes rows (the same lease pattern as the push outbox, features/notifications/outbox.ts).
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { type MailOutboxRow, mailOutbox } from "../../db/schema/mail.ts";
import { notificationSettings } from "../../db/schema/push.ts";
import { isNotificationMail, MAIL_TYPE_OF, type QueuedMail } from "./kinds.ts";
import { renderMail } from "./templates.ts";

export type MailOutcome = "sent" | "failed" | "kept";

/**
 * Renders `mail` and writes it to the outbox in `db` (the caller's transaction, so it is sent exactly
 * when what caused it commits). Returns its id, or null when its dedupeKey was queued before. After the
 * commit, `app.mail.kick()` sends it at once instead of at the next sweep.
 */
export async function queueMail(db: Executor, origin: string, mail: QueuedMail): Promise<number | null> {
  const base = new URL(origin).origin;
  const headers: Record<string, string> = {};
  let unsubscribeUrl: string | undefined;
  if (isNotificationMail(mail.content) && mail.userId !== null) {
    const token = await unsubscribeTokenOf(db, mail.userId);
    const query = `token=${encodeURIComponent(token)}&type=${MAIL_TYPE_OF[mail.content.kind]}`;
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the https URL, no cookie, no page.
    headers["List-Unsubscribe"] = `<${base}/api/mail/unsubscribe?${query}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    unsubscribeUrl = `${base}/unsubscribe?${query}`;
  }
  const rendered = renderMail(mail.content, { origin: base, username: mail.username, unsubscribeUrl });
  const [row] = await db
    .insert(mailOutbox)
    .values({
      userId: mail.userId,
      toAddress: mail.to,
      kind: mail.content.kind,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers,
      dedupeKey: mail.dedupeKey ?? null,
      // Due by this process's clock, which the kick after the commit reads: the database's now() has
      // microseconds, and a row due at .123456 was not yet due to a kick at .123 of the same millisecond.
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/** The person's unsubscribe secret, made (with a settings row of defaults if they have none) on first use. */
export async function unsubscribeTokenOf(db: Executor, userId: number): Promise<string> {
  const fresh = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, unsubscribeToken: fresh })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        unsubscribeToken: sql`coalesce(${notificationSettings.unsubscribeToken}, excluded.unsubscribe_token)`,
      },
    })
    .returning({ token: notificationSettings.unsubscribeToken });
  if (!row?.token) throw new Error("notification_settings kept no unsubscribe token");
  return row.token;
}

/**
 * Takes up to `limit` due rows for this instance: locked (SKIP LOCKED, so another instance's claim
 * passes them by) and leased, i.e. their next attempt moved `leaseMs` ahead and their attempts
 * counted, in one transaction. Until the lease ends no instance claims them again; if this one dies
 * before closing them, another sends them after it.
 */
export async function claimDueMail(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<MailOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.doneAt), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Closes a row: no longer due. Only an open one, so a late second mark changes nothing. A mail sent or
 * given up is not kept: its links (a reset token among them) would be credentials at rest. A kept one
 * is the development mailbox's to show.
 */
export async function closeMail(
  db: Executor,
  id: number,
  outcome: MailOutcome,
  now: Date,
  lastError: string | null = null,
): Promise<void> {
  const body = outcome === "kept" ? {} : { html: "", text: "", headers: {} };
  await db
    .update(mailOutbox)
    .set({ doneAt: now, outcome, ...body, ...(lastError ? { lastError } : {}) })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.doneAt)));
}

/** A temporary failure: tried again at `at` (which ends the lease early). */
export async function retryMailAt(db: Executor, id: number, at: Date, lastError: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: at, lastError })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.doneAt)));
}
