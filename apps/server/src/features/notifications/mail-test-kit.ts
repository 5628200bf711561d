// For the notification mails' tests: a verified address, and the outbox rows a person's mail became.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { users } from "../../db/schema/users.ts";
import { MAIL_TYPE_OF } from "../mail/kinds.ts";

export async function verify(db: Db, userId: number, lastActiveAt: Date | null = null): Promise<void> {
  await db.update(users).set({ emailVerified: true, lastActiveAt }).where(eq(users.id, userId));
}

/** The person's notification mail (not the account's, like the verification sent on registering), oldest first. */
export async function mailsTo(db: Db, userId: number) {
  return db
    .select({
      kind: mailOutbox.kind,
      dedupeKey: mailOutbox.dedupeKey,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), inArray(mailOutbox.kind, Object.keys(MAIL_TYPE_OF))))
    .orderBy(asc(mailOutbox.id));
}

/** Nothing private of `other` (address, full name) in any of these mails. */
export function privateOf(other: { email: string; name: string }): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${literal(other.email)}|${literal(other.name)}`, "i");
}
